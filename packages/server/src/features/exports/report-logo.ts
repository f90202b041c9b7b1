import SVGtoPDF from 'svg-to-pdfkit';
import type { Doc } from './pdf-kit.js';

/** The product mark of the web app (components/brand-logo.tsx), 28 pt square, at the header's corner. */
const MARK = `<svg width="32" height="32" viewBox="0 0 32 32" xmlns="http://www.w3.org/2000/svg">
<rect width="32" height="32" rx="8" fill="#2450D8"/>
<path d="M7 24V15a9 9 0 0 1 18 0v9" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2.2"/>
<rect x="10" y="17" width="3" height="7" rx="1.5" fill="#fff"/>
<rect x="14.5" y="13" width="3" height="11" rx="1.5" fill="#fff"/>
<rect x="19" y="15.5" width="3" height="8.5" rx="1.5" fill="#13B3A3"/>
</svg>`;

export function BrandLogo(doc: Doc, x: number, y: number) {
  SVGtoPDF(doc, MARK, x, y, { width: 28, height: 28 });
}
