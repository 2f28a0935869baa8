import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Modal,
  NavLink,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuilding, IconMailForward, IconMapPin, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, ZCompanyRequest, ZRegionRequest, type TCompany, COMPANY_KINDS, type TCompanyKind } from '@pavilion/domain';
import { useAccess } from '../../../app/access.ts';
import { errorMessage, schemaValidator } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { ListPager } from '../../../ui/pager.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useModalBackground } from '../../../ui/use-modal-background.ts';
import { CompanyInviteModal } from '../components/company-invite-modal.tsx';
import { RegionBadge } from '../components/region-badge.tsx';
import { useCompanies, useCreateCompany, useCreateRegion, useRegions } from '../hooks/use-workspace.ts';
import { useForm } from '@mantine/form';

const ALL = '__all__';

function RegionModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateRegion();
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  useModalBackground(true);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = schemaValidator<{ name: string }>(ZRegionRequest, t)({ name });
    if (errs.name) return setError(errs.name);
    create.mutate(name.trim(), {
      onSuccess: (r) => {
        toast(t('regions.created', { name: r.name }), 'success');
        onClose();
      },
      onError: (err) => setError(errorMessage(err, t)),
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('regions.addRegion')}>
      <form onSubmit={submit} noValidate aria-label={t('regions.addRegion')}>
        <TextInput label={t('regions.name')} withAsterisk maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} data-autofocus />
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('regions.addRegion')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

type TCompanyValues = { name: string; kind: TCompanyKind; regionId: string | null; isInternational: boolean };

function CompanyModal({ regions, fixedRegionId, onClose }: { regions: { value: string; label: string }[]; fixedRegionId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  useModalBackground(true);
  const form = useForm<TCompanyValues>({
    mode: 'controlled',
    initialValues: { name: '', kind: 'exhibitor', regionId: fixedRegionId, isInternational: false },
    validate: schemaValidator<TCompanyValues>(ZCompanyRequest, t),
  });
  const create = useFormMutation(useCreateCompany(), {
    setFieldError: form.setFieldError,
    success: (c) => t('regions.companyCreated', { name: c.name }),
    onSuccess: onClose,
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('regions.addCompany')}
      formLabel={t('regions.addCompany')}
      onSubmit={form.onSubmit((values) => create.submit({ name: values.name.trim(), kind: values.kind, regionId: values.regionId, isInternational: values.isInternational }))}
      formError={create.formError}
      isPending={create.isPending}
      cancelLabel={t('common.cancel')}
      submitLabel={t('regions.addCompany')}
    >
      <TextInput label={t('regions.companyName')} withAsterisk maxLength={200} data-autofocus {...form.getInputProps('name')} />
      <Select
        label={t('regions.kind')}
        data={COMPANY_KINDS.map((k) => ({ value: k, label: t(`regions.kinds.${k}`) }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('kind')}
      />
      <Select
        label={t('regions.region')}
        placeholder={t('regions.noRegion')}
        data={regions}
        clearable={!fixedRegionId}
        disabled={!!fixedRegionId}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('regionId')}
      />
      <Checkbox label={t('regions.international')} {...form.getInputProps('isInternational', { type: 'checkbox' })} />
    </FormModal>
  );
}

/** `/app/regions`: regions and the companies of each; a region team sees only its own region's companies. */
export function RegionsPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const { can } = access;
  const isRegionTeam = !!access.data?.isRegionTeam;
  const ownRegion = access.data?.regionId ?? null;
  const canRegions = can('AP-804');
  const canCompanies = can('AP-482');
  const regions = useRegions(canRegions);
  const [selected, setSelected] = useState<string>(isRegionTeam && ownRegion ? ownRegion : ALL);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [modal, setModal] = useState<'region' | 'company' | null>(null);
  const [inviting, setInviting] = useState<TCompany | null>(null);
  const canInvite = can('AP-36');
  usePageTitle(t('regions.title'));
  useEffect(() => setPage(1), [selected, debounced]);

  const visibleRegions = (regions.data ?? []).filter((r) => !isRegionTeam || r.id === ownRegion);
  const regionName = (id: string | null) => (id ? (regions.data?.find((r) => r.id === id)?.name ?? t('regions.badgeNoName')) : t('regions.noRegion'));
  const companies = useCompanies(
    { page, pageSize: DEFAULT_PAGE_SIZE, ...(debounced ? { search: debounced } : {}), ...(selected !== ALL ? { regionId: selected } : {}) },
    canCompanies,
  );
  const data = companies.data;
  const title = selected === ALL ? t('regions.allCompanies') : t('regions.companiesIn', { name: regionName(selected) });

  return (
    <>
      <PageHeader
        title={t('regions.title')}
        description={isRegionTeam ? t('regions.subtitleRegionTeam') : t('regions.subtitle')}
        actions={
          <>
            <RegionBadge />
            {canRegions && can('AP-805') && !isRegionTeam && (
              <Button variant="default" leftSection={<IconMapPin size={18} aria-hidden />} onClick={() => setModal('region')}>
                {t('regions.addRegion')}
              </Button>
            )}
            {canCompanies && can('AP-483') && (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setModal('company')}>
                {t('regions.addCompany')}
              </Button>
            )}
          </>
        }
      />
      <Grid gutter="md">
        {canRegions && (
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
            <Paper withBorder shadow="xs" p="sm" component="nav" aria-label={t('regions.listLabel')}>
              <Title order={2} fz="h5" px="xs" pb="xs">
                {t('regions.regions')}
              </Title>
              {regions.isPending && <Skeleton h={120} />}
              {!isRegionTeam && (
                <NavLink
                  component="button"
                  label={t('regions.allCompanies')}
                  active={selected === ALL}
                  aria-current={selected === ALL ? 'true' : undefined}
                  onClick={() => setSelected(ALL)}
                  style={{ borderRadius: 8 }}
                />
              )}
              {visibleRegions.map((r) => (
                <NavLink
                  key={r.id}
                  component="button"
                  label={r.name}
                  description={t('regions.since', { when: formatDateTime(r.createdAt) })}
                  leftSection={<IconMapPin size={16} aria-hidden />}
                  active={selected === r.id}
                  aria-current={selected === r.id ? 'true' : undefined}
                  onClick={() => setSelected(r.id)}
                  style={{ borderRadius: 8 }}
                />
              ))}
              {regions.data && visibleRegions.length === 0 && (
                <Text size="sm" c="dimmed" px="xs" py="sm">
                  {t('regions.noRegions')}
                </Text>
              )}
            </Paper>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: canRegions ? 8 : 12, lg: canRegions ? 9 : 12 }}>
          <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="companies-heading">
            <Stack gap="md">
              <Group justify="space-between" align="flex-end">
                <Title order={2} fz="h4" id="companies-heading">
                  {canCompanies ? title : t('regions.regions')}
                </Title>
                {canCompanies && (
                  <TextInput
                    label={t('regions.searchCompanies')}
                    leftSection={<IconSearch size={16} aria-hidden />}
                    type="search"
                    value={search}
                    onChange={(e) => setSearch(e.currentTarget.value)}
                    w={260}
                  />
                )}
              </Group>
              {!canCompanies && <Text c="dimmed">{t('regions.noCompanyAccess')}</Text>}
              {companies.isError && (
                <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
                  {errorMessage(companies.error, t)}
                </Alert>
              )}
              {canCompanies && companies.isPending && <Skeleton h={160} />}
              {data && data.items.length > 0 && (
                <Table.ScrollContainer minWidth={560}>
                  <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('regions.companyName')}</Table.Th>
                        <Table.Th scope="col">{t('regions.region')}</Table.Th>
                        <Table.Th scope="col">{t('regions.scope')}</Table.Th>
                        <Table.Th scope="col">{t('regions.added')}</Table.Th>
                        {canInvite && (
                          <Table.Th scope="col">
                            <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                          </Table.Th>
                        )}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.items.map((c) => (
                        <Table.Tr key={c.id}>
                          <Table.Td fw={600}>
                            {c.name}
                            {c.kind === 'serviceProvider' && (
                              <Badge ml="xs" variant="light" radius="sm" size="sm">
                                {t('regions.kinds.serviceProvider')}
                              </Badge>
                            )}
                          </Table.Td>
                          <Table.Td>{canRegions ? regionName(c.regionId) : c.regionId ? t('regions.badgeNoName') : '—'}</Table.Td>
                          <Table.Td>
                            <Badge variant="outline" color="gray.7" radius="sm">
                              {c.isInternational ? t('regions.internationalShort') : t('regions.domesticShort')}
                            </Badge>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{formatDateTime(c.createdAt)}</Text>
                          </Table.Td>
                          {canInvite && (
                            <Table.Td ta="right">
                              <Button
                                size="xs"
                                variant="default"
                                leftSection={<IconMailForward size={14} aria-hidden />}
                                onClick={() => setInviting(c)}
                                aria-label={t('regions.inviteUserOf', { name: c.name })}
                              >
                                {t('regions.inviteUser')}
                              </Button>
                            </Table.Td>
                          )}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              {data && data.items.length === 0 && (
                <EmptyState icon={<IconBuilding size={32} />} title={t('regions.noCompaniesTitle')} description={t('regions.noCompaniesBody')} headingLevel={3} />
              )}
              {data && <ListPager data={data} onChange={setPage} />}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      {modal === 'region' && <RegionModal onClose={() => setModal(null)} />}
      {inviting && <CompanyInviteModal company={inviting} onClose={() => setInviting(null)} />}
      {modal === 'company' && (
        <CompanyModal
          regions={visibleRegions.map((r) => ({ value: r.id, label: r.name }))}
          fixedRegionId={isRegionTeam ? ownRegion : selected !== ALL ? selected : null}
          onClose={() => setModal(null)}
        />
      )}
    </>
  );
}
