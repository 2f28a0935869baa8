import { memo, useDeferredValue, useMemo, useState } from 'react';
import { ActionIcon, Badge, Box, Checkbox, Group, Stack, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACCESS_CODES } from '@pavilion/domain';
import {
  checkState,
  countSelected,
  filterTree,
  roleTree,
  toggleArea,
  toggleNode,
  type TRoleTreeArea,
  type TRoleTreeNode,
  type TTreeFilter,
} from './role-tree-model.ts';

type TRowProps = {
  selected: ReadonlySet<string>;
  expanded: ReadonlySet<string>;
  filter: TTreeFilter | null;
  isReadOnly: boolean;
  onToggle: (key: string) => void;
  onChange: (next: Set<string>) => void;
};

const KIND_LABEL: Record<TRoleTreeNode['kind'], string> = { menu: 'Menu', submenu: 'Submenu', tab: 'Tab', action: 'Action' };

function Count({ selected, subtree }: { selected: ReadonlySet<string>; subtree: readonly string[] }) {
  const { t } = useTranslation();
  const n = countSelected(selected, subtree);
  return (
    <Badge variant={n > 0 ? 'light' : 'outline'} color={n > 0 ? 'brand' : 'gray.7'} size="sm" radius="sm" style={{ flexShrink: 0 }}>
      {t('roles.countOf', { count: n, total: subtree.length })}
    </Badge>
  );
}

function Disclosure({ label, isOpen, onClick, controls }: { label: string; isOpen: boolean; onClick: () => void; controls: string }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      color="gray.7"
      size="sm"
      aria-label={t(isOpen ? 'roles.collapse' : 'roles.expand', { name: label })}
      aria-expanded={isOpen}
      aria-controls={controls}
      onClick={onClick}
    >
      {isOpen ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
    </ActionIcon>
  );
}

const domId = (code: string) => `perm-${code.replace(/[^A-Za-z0-9-]/g, '')}`;

/** Menu, submenu and tab rows; a tab's actions are laid out as a grid of checkboxes. */
const NodeRow = memo(function NodeRow({ node, depth, ...p }: TRowProps & { node: TRoleTreeNode; depth: number }) {
  const state = checkState(p.selected, node.subtree);
  const visibleChildren = p.filter ? node.children.filter((c) => p.filter!.visible.has(c.code)) : node.children;
  const isOpen = p.filter ? true : p.expanded.has(node.code);
  const isTab = node.kind === 'tab';
  const childId = `${domId(node.code)}-children`;

  return (
    <li style={{ listStyle: 'none' }}>
      <Group gap={6} wrap="nowrap" py={4} pl={depth * 20} className="role-tree-row">
        {node.children.length > 0 ? (
          <Disclosure label={node.name} isOpen={isOpen} onClick={() => p.onToggle(node.code)} controls={childId} />
        ) : (
          <Box w={22} />
        )}
        <Checkbox
          label={
            <span>
              {node.name} <Text span size="xs" c="dimmed">{`${KIND_LABEL[node.kind]} ${node.code}`}</Text>
            </span>
          }
          checked={state === 'all'}
          indeterminate={state === 'some'}
          disabled={p.isReadOnly}
          onChange={(e) => p.onChange(toggleNode(p.selected, node, e.currentTarget.checked || state === 'some'))}
          styles={{ label: { fontWeight: node.kind === 'menu' ? 600 : 500 } }}
          style={{ flex: 1, minWidth: 0 }}
        />
        {node.children.length > 0 && <Count selected={p.selected} subtree={node.subtree} />}
      </Group>
      {isOpen && visibleChildren.length > 0 && (
        isTab ? (
          <Box
            component="ul"
            id={childId}
            style={{ margin: 0, padding: `0 0 6px ${depth * 20 + 50}px`, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 4 }}
          >
            {visibleChildren.map((a) => (
              <li key={a.code} style={{ listStyle: 'none' }}>
                <Checkbox
                  size="xs"
                  label={
                    <span>
                      {a.name.includes(': ') ? (
                        <>
                          <VisuallyHidden>{a.name.slice(0, a.name.indexOf(': ') + 2)}</VisuallyHidden>
                          {a.name.slice(a.name.indexOf(': ') + 2)}
                        </>
                      ) : (
                        a.name
                      )}{' '}
                      <Text span size="xs" c="dimmed">{a.code}</Text>
                    </span>
                  }
                  checked={p.selected.has(a.code)}
                  disabled={p.isReadOnly}
                  onChange={(e) => p.onChange(toggleNode(p.selected, a, e.currentTarget.checked))}
                />
              </li>
            ))}
          </Box>
        ) : (
          <ul id={childId} style={{ margin: 0, padding: 0 }}>
            {visibleChildren.map((c) => (
              <NodeRow key={c.code} node={c} depth={depth + 1} {...p} />
            ))}
          </ul>
        )
      )}
    </li>
  );
});

function AreaRow({ area, ...p }: TRowProps & { area: TRoleTreeArea }) {
  const key = `area:${area.area}`;
  const state = checkState(p.selected, area.subtree);
  const menus = p.filter ? area.menus.filter((m) => p.filter!.visible.has(m.code)) : area.menus;
  const isOpen = p.filter ? true : p.expanded.has(key);
  const childId = `perm-area-${area.area}`;
  if (menus.length === 0) return null;
  return (
    <li style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group gap={6} wrap="nowrap" py={8}>
        <Disclosure label={area.label} isOpen={isOpen} onClick={() => p.onToggle(key)} controls={childId} />
        <Checkbox
          label={area.label}
          checked={state === 'all'}
          indeterminate={state === 'some'}
          disabled={p.isReadOnly}
          onChange={(e) => p.onChange(toggleArea(p.selected, area, e.currentTarget.checked || state === 'some'))}
          styles={{ label: { fontWeight: 700 } }}
          style={{ flex: 1 }}
        />
        <Count selected={p.selected} subtree={area.subtree} />
      </Group>
      {isOpen && (
        <ul id={childId} style={{ margin: 0, padding: '0 0 8px 0' }}>
          {menus.map((m) => (
            <NodeRow key={m.code} node={m} depth={1} {...p} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The searchable permission tree of the role editor: areas → menus → submenus → tabs → actions, collapsed by
 * default; the filter expands what matches. Checking a code implies its ancestors (see role-tree-model.ts).
 */
export function RoleTree({
  selected,
  onChange,
  isReadOnly = false,
  error,
}: {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  isReadOnly?: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const filter = useMemo(() => filterTree(deferredQuery), [deferredQuery]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const areas = roleTree();
  const onToggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label={t('roles.filter')}
          placeholder={t('roles.filterPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
        />
        <Group gap="xs">
          <UnstyledButton
            onClick={() => setExpanded(new Set(areas.map((a) => `area:${a.area}`)))}
            fz="sm"
            c="var(--mantine-color-anchor)"
            disabled={!!filter}
          >
            {t('roles.expandAll')}
          </UnstyledButton>
          <Text c="dimmed" aria-hidden>
            ·
          </Text>
          <UnstyledButton onClick={() => setExpanded(new Set())} fz="sm" c="var(--mantine-color-anchor)" disabled={!!filter}>
            {t('roles.collapseAll')}
          </UnstyledButton>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {filter
          ? t('roles.matches', { count: filter.matchCount })
          : t('roles.selectedSummary', { count: selected.size, total: ACCESS_CODES.size })}
      </Text>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
      <Box
        component="ul"
        aria-label={t('roles.treeLabel')}
        style={{ margin: 0, padding: '0 12px', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      >
        {areas.map((area) => (
          <AreaRow
            key={area.area}
            area={area}
            selected={selected}
            expanded={expanded}
            filter={filter}
            isReadOnly={isReadOnly}
            onToggle={onToggle}
            onChange={onChange}
          />
        ))}
      </Box>
      {filter && filter.matchCount === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('roles.noMatches')}
        </Text>
      )}
    </Stack>
  );
}
