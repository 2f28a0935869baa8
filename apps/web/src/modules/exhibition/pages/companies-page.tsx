import '../exhibition-i18n.ts';
import { useState } from 'react';
import { Badge, Button, Group, Menu, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingStore, IconChartBar, IconFileImport, IconFileText, IconId, IconMailForward, IconMovie, IconPackage, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TExhibitingCompany } from '@pavilion/domain/exhibition/exhibition.schemas';
import { findCountry } from '@pavilion/domain/reference/countries';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { RowMenu } from '../../../ui/row-menu.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { exhibitionOrgApi as api } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { CompanyFormModal } from '../components/company-form-modal.tsx';
import { CompanyAvatar } from '../components/company-logo.tsx';
import { confirmDelete } from '../components/confirm-delete.ts';
import { ImportModal } from '../components/import-modal.tsx';
import { OrdersDownload } from '../components/orders-download.tsx';
import { productOrdersOrgApi } from '../api/product-orders-api.ts';
import { InviteAdminModal } from '../components/invite-admin-modal.tsx';
import { ProductsModal } from '../components/products-modal.tsx';
import { VideosModal } from '../components/videos-modal.tsx';
import { DocumentsModal } from '../components/documents-modal.tsx';
import { CompanyReportModal } from '../components/exhibitor-report.tsx';
import { StaffBadgesModal } from '../components/staff-badges.tsx';

/** /app/exhibitors/companies: the event's exhibiting companies (AP-482), create (AP-483), edit (AP-484), delete (AP-485). */
export function CompaniesPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const qc = useQueryClient();
  usePageTitle(t('exhibition.org.tabs.companies'));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [editing, setEditing] = useState<TExhibitingCompany | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [productsOf, setProductsOf] = useState<TExhibitingCompany | null>(null);
  const [videosOf, setVideosOf] = useState<TExhibitingCompany | null>(null);
  const [documentsOf, setDocumentsOf] = useState<TExhibitingCompany | null>(null);
  const [reportOf, setReportOf] = useState<TExhibitingCompany | null>(null);
  const [badgesOf, setBadgesOf] = useState<TExhibitingCompany | null>(null);
  const [isImportOpen, setImportOpen] = useState(false);
  const [inviting, setInviting] = useState<TExhibitingCompany | null>(null);
  const companies = useQuery({
    queryKey: exhibitionKeys.companyList(eventId, debounced),
    queryFn: ({ signal }) => api.companies(eventId, { search: debounced || undefined, pageSize: 200 }, signal),
    enabled: !!eventId,
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.deleteCompany(eventId, id),
    onSuccess: () => {
      toast(t('exhibition.companies.deleted'), 'success');
      void qc.invalidateQueries({ queryKey: exhibitionKeys.companies(eventId) });
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const open = (c: TExhibitingCompany | null) => {
    setEditing(c);
    setFormOpen(true);
  };
  const newButton = (
    <Group gap="sm">
      <Can rule="AP-573">
        <OrdersDownload size="sm" label={t('exhibition.orders.export.event')} download={(format) => productOrdersOrgApi.exportOrders(eventId, format)} />
      </Can>
      <Can rule="AP-490">
        <Button variant="default" leftSection={<IconFileImport size={18} aria-hidden />} onClick={() => setImportOpen(true)}>
          {t('exhibition.import.open')}
        </Button>
      </Can>
      <Can rule="AP-483">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)}>
          {t('exhibition.companies.new')}
        </Button>
      </Can>
    </Group>
  );
  const items = companies.data?.items ?? [];
  const isEmptyEvent = companies.data?.total === 0 && !debounced;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('exhibition.companies.search')}
          placeholder={t('exhibition.companies.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          type="search"
        />
        <Group gap="sm">
          {companies.data && (
            <Text c="dimmed" size="sm" aria-live="polite">
              {t('exhibition.companies.count', { count: companies.data.total })}
            </Text>
          )}
          {!isEmptyEvent && newButton}
        </Group>
      </Group>
      {companies.isPending && <ListLoading />}
      {companies.isError && <ListError error={companies.error} onRetry={() => void companies.refetch()} />}
      {isEmptyEvent && <ListEmpty icon={<IconBuildingStore size={32} />} title={t('exhibition.companies.empty')} body={t('exhibition.companies.emptyBody')} action={newButton} />}
      {companies.data && !isEmptyEvent && items.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {t('exhibition.companies.noMatch', { search: debounced })}
        </Text>
      )}
      {items.length > 0 && (
        <DataTable
          columns={[t('exhibition.companies.name'), t('exhibition.companies.category'), t('exhibition.companies.country'), t('exhibition.companies.booths'), t('exhibition.companies.products'), { label: t('exhibition.companies.actions'), isHidden: true }]}
          minWidth={760}
          data-testid="companies-table"
        >
          {items.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <CompanyAvatar name={c.name} logoUrl={c.logoUrl} size={32} />
                  <div>
                    <Text fw={600} size="sm">
                      {c.name}
                    </Text>
                    {c.website && (
                      <Text size="xs" c="dimmed">
                        {c.website}
                      </Text>
                    )}
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>{c.category}</Table.Td>
              <Table.Td>{c.countryCode ? (findCountry(c.countryCode)?.name ?? c.countryCode) : ''}</Table.Td>
              <Table.Td>
                {c.booths.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('exhibition.companies.noBooth')}
                  </Text>
                ) : (
                  <Group gap={4}>
                    {c.booths.map((b) => (
                      <Badge key={b.id} variant="light" color="gray" size="sm" styles={{ root: { textTransform: 'none', color: 'var(--mantine-color-gray-9)' } }}>
                        {b.hall} · {b.number}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Table.Td>
              <Table.Td>{c.productCount}</Table.Td>
              <Table.Td>
                <RowMenu label={t('exhibition.companies.actionsFor', { name: c.name })}>
                  <Can rule="AP-484">
                    <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => open(c)}>
                      {t('common.edit')}
                    </Menu.Item>
                  </Can>
                  <Can rule="AP-484">
                    <Menu.Item leftSection={<IconMailForward size={16} aria-hidden />} onClick={() => setInviting(c)}>
                      {t('exhibition.forms.invite.menu')}
                    </Menu.Item>
                  </Can>
                  <Can rule="AP-559">
                    <Menu.Item leftSection={<IconPackage size={16} aria-hidden />} onClick={() => setProductsOf(c)}>
                      {t('exhibition.companies.manageProducts')}
                    </Menu.Item>
                  </Can>
                  <Can rule="AP-482">
                    <Menu.Item leftSection={<IconMovie size={16} aria-hidden />} onClick={() => setVideosOf(c)}>
                      {t('exhibition.videos.menu')}
                    </Menu.Item>
                  </Can>
                  <Can rule="AP-482">
                    <Menu.Item leftSection={<IconFileText size={16} aria-hidden />} onClick={() => setDocumentsOf(c)}>
                      {t('exhibition.docs.menu')}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconChartBar size={16} aria-hidden />} onClick={() => setReportOf(c)}>
                      {t('exhibition.docs.reportMenu')}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconId size={16} aria-hidden />} onClick={() => setBadgesOf(c)}>
                      {t('exhibition.badges.menu')}
                    </Menu.Item>
                  </Can>
                  <Can rule="AP-485">
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() =>
                        confirmDelete(t, {
                          title: t('exhibition.companies.deleteTitle', { name: c.name }),
                          body: t('exhibition.companies.deleteBody'),
                          confirm: t('exhibition.companies.delete'),
                          onConfirm: () => remove.mutate(c.id),
                        })
                      }
                    >
                      {t('exhibition.companies.delete')}
                    </Menu.Item>
                  </Can>
                </RowMenu>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <CompanyFormModal eventId={eventId} company={editing} isOpen={isFormOpen} onClose={() => setFormOpen(false)} />
      <ProductsModal eventId={eventId} company={productsOf} onClose={() => setProductsOf(null)} />
      <VideosModal eventId={eventId} company={videosOf} onClose={() => setVideosOf(null)} />
      <DocumentsModal eventId={eventId} company={documentsOf} onClose={() => setDocumentsOf(null)} />
      <CompanyReportModal eventId={eventId} company={reportOf} onClose={() => setReportOf(null)} />
      <StaffBadgesModal eventId={eventId} company={badgesOf} onClose={() => setBadgesOf(null)} />
      <ImportModal eventId={eventId} isOpen={isImportOpen} onClose={() => setImportOpen(false)} />
      <InviteAdminModal eventId={eventId} company={inviting} onClose={() => setInviting(null)} />
    </Stack>
  );
}
