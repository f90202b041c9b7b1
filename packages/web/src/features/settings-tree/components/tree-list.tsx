import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { TreeRow } from '../lib/tree-model';
import { NodeKindIcon } from './node-kind-icon';
import { countsText } from './node-counts';

const ROW_HEIGHT = 36;
const DRAG_TYPE = 'application/x-footfall-node';

/**
 * The tree as a virtualised list (only the rows in view are in the page, so 5,000 nodes stay fast):
 * expand/collapse, selection with the mouse or the keyboard (arrows, Home/End, Enter), and drag and
 * drop of a node onto its new parent (`onMove`; the server refuses cycles and moves out of scope).
 */
export function TreeList(props: {
  rows: readonly TreeRow[];
  selectedId: string | null;
  onSelect(id: string): void;
  onToggle(id: string): void;
  canDrag(id: string): boolean;
  onMove(nodeId: string, parentId: string): void;
  label: string;
}) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const selectedIndex = props.rows.findIndex((r) => r.node.id === props.selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const onKeyDown = (e: KeyboardEvent) => {
    const row = props.rows[selectedIndex];
    const go = (i: number) => {
      const target = props.rows[Math.max(0, Math.min(props.rows.length - 1, i))];
      if (target) props.onSelect(target.node.id);
    };
    const keys: Record<string, () => void> = {
      ArrowDown: () => go(selectedIndex + 1),
      ArrowUp: () => go(selectedIndex < 0 ? 0 : selectedIndex - 1),
      Home: () => go(0),
      End: () => go(props.rows.length - 1),
      ArrowRight: () => row && row.node.childIds.length > 0 && !row.expanded && props.onToggle(row.node.id),
      ArrowLeft: () => {
        if (!row) return;
        if (row.expanded && row.node.childIds.length > 0) props.onToggle(row.node.id);
        else if (row.node.parentId) props.onSelect(row.node.parentId);
      },
    };
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  const dropProps = (id: string) => ({
    onDragOver: (e: DragEvent) => {
      if (!dragged || dragged === id) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (dropTarget !== id) setDropTarget(id);
    },
    onDragLeave: () => setDropTarget((cur) => (cur === id ? null : cur)),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const nodeId = e.dataTransfer.getData(DRAG_TYPE) || dragged;
      setDropTarget(null);
      setDragged(null);
      if (nodeId && nodeId !== id) props.onMove(nodeId, id);
    },
  });

  const activeId = selectedIndex >= 0 ? `settings-tree-row-${props.rows[selectedIndex]!.node.id}` : undefined;
  return (
    <Box
      ref={scrollRef}
      role="tree"
      aria-label={props.label}
      aria-activedescendant={activeId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="settings-tree-list"
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        outline: 'none',
        '&:focus-visible': { boxShadow: (th) => `inset 0 0 0 2px ${th.palette.primary.main}` },
      }}
    >
      <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const { node, expanded, match } = props.rows[item.index]!;
          const selected = node.id === props.selectedId;
          const draggable = props.canDrag(node.id);
          const hasChildren = node.childIds.length > 0;
          const counts = countsText(t, node);
          return (
            <Box
              key={node.id}
              id={`settings-tree-row-${node.id}`}
              role="treeitem"
              aria-level={node.depth + 1}
              aria-selected={selected}
              aria-expanded={hasChildren ? expanded : undefined}
              aria-setsize={-1}
              data-node-id={node.id}
              data-kind={node.kind}
              draggable={draggable}
              onDragStart={(e: DragEvent) => {
                e.dataTransfer.setData(DRAG_TYPE, node.id);
                e.dataTransfer.effectAllowed = 'move';
                setDragged(node.id);
              }}
              onDragEnd={() => {
                setDragged(null);
                setDropTarget(null);
              }}
              {...dropProps(node.id)}
              onClick={() => props.onSelect(node.id)}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
                display: 'flex',
                alignItems: 'center',
                gap: 0.75,
                pl: 0.5 + node.depth * 2.5,
                pr: 1,
                cursor: 'pointer',
                bgcolor: selected ? 'action.selected' : undefined,
                outline: dropTarget === node.id ? '2px dashed' : undefined,
                outlineColor: 'primary.main',
                outlineOffset: -2,
                opacity: dragged === node.id ? 0.5 : 1,
                '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
              }}
            >
              {hasChildren ? (
                <IconButton
                  size="small"
                  tabIndex={-1}
                  aria-label={t(expanded ? 'settings_tree_collapse_node' : 'settings_tree_expand_node', {
                    name: node.name,
                  })}
                  onClick={(e) => {
                    e.stopPropagation();
                    props.onToggle(node.id);
                  }}
                  sx={{ p: 0.25 }}
                >
                  {expanded ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
                </IconButton>
              ) : (
                <Box sx={{ width: 24, flex: '0 0 24px' }} />
              )}
              <NodeKindIcon kind={node.kind} titleAccess={t(`settings_tree_kind_${node.kind}`)} />
              <Typography
                variant="body2"
                noWrap
                title={node.name}
                sx={{ flex: '1 1 auto', minWidth: 0, fontWeight: match || node.kind === 'group' ? 600 : 400 }}
              >
                {match ? <mark>{node.name}</mark> : node.name}
              </Typography>
              {counts && (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  noWrap
                  sx={{ flex: '0 1 auto', minWidth: 0, display: { xs: 'none', sm: 'block' } }}
                >
                  {counts}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
