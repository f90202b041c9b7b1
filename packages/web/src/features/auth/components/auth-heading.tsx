import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ lineHeight: 1.6 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
