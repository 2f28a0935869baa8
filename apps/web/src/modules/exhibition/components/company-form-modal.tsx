import { useEffect, useMemo, useState } from 'react';
import { Select, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { activeCountries } from '@pavilion/domain/reference/countries';
import type { TCompanyStaff, TExhibitingCompany, TCompanyInput } from '@pavilion/domain/exhibition/exhibition.schemas';
import type { TLogoUpload } from '@pavilion/domain/validation/logo-images';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { exhibitionOrgApi as api } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { CompanyLogoField } from './company-logo.tsx';

type TDraft = { name: string; category: string; countryCode: string; website: string; contactEmail: string; profileHtml: string };
const draftOf = (c: TExhibitingCompany | null): TDraft => ({
  name: c?.name ?? '',
  category: c?.category ?? '',
  countryCode: c?.countryCode ?? '',
  website: c?.website ?? '',
  contactEmail: c?.contactEmail ?? '',
  profileHtml: c?.profileHtml ?? '',
});

/**
 * Where the form reads and saves: the organiser's company routes (the default), or My stand's (the company's admin,
 * who may not rename the company: the name is shown read-only and not sent).
 */
export type CompanyFormSource = {
  isNameLocked: boolean;
  staffKey: readonly unknown[];
  staff: (signal?: AbortSignal) => Promise<TCompanyStaff>;
  save: (body: TCompanyInput) => Promise<TExhibitingCompany>;
  saveStaff: (companyId: string, emails: string[]) => Promise<unknown>;
  /** The company's logo routes (saved at once, apart from the form). */
  uploadLogo: (companyId: string, body: TLogoUpload) => Promise<TExhibitingCompany>;
  removeLogo: (companyId: string) => Promise<TExhibitingCompany>;
  /** The lists to refetch after a save. */
  savedKeys: readonly (readonly unknown[])[];
};

function organiserSource(eventId: string, company: TExhibitingCompany | null): CompanyFormSource {
  return {
    isNameLocked: false,
    staffKey: exhibitionKeys.staff(eventId, company?.id ?? ''),
    staff: (signal) => api.companyStaff(eventId, company!.id, signal),
    save: (body) => (company ? api.updateCompany(eventId, company.id, body) : api.createCompany(eventId, body)),
    saveStaff: (companyId, emails) => api.saveCompanyStaff(eventId, companyId, emails),
    uploadLogo: (companyId, body) => api.uploadCompanyLogo(eventId, companyId, body),
    removeLogo: (companyId) => api.removeCompanyLogo(eventId, companyId),
    savedKeys: [exhibitionKeys.companies(eventId), exhibitionKeys.booths(eventId)],
  };
}

/** Create or edit an exhibiting company; the server's field errors land on their fields. */
export function CompanyFormModal({ eventId, company, isOpen, onClose, source: given }: { eventId: string; company: TExhibitingCompany | null; isOpen: boolean; onClose: () => void; source?: CompanyFormSource }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const source = given ?? organiserSource(eventId, company);
  const [draft, setDraft] = useState<TDraft>(() => draftOf(company));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [logoUrl, setLogoUrl] = useState<string | null>(company?.logoUrl ?? null);
  useEffect(() => {
    if (isOpen) {
      setDraft(draftOf(company));
      setErrors({});
      setLogoUrl(company?.logoUrl ?? null);
    }
  }, [isOpen, company]);
  // Staff (user type 7): the account emails that get the Leads tab's scanner for this company.
  const staff = useQuery({ queryKey: source.staffKey, queryFn: ({ signal }) => source.staff(signal), enabled: isOpen && company !== null });
  const [staffEmails, setStaffEmails] = useState<string[]>([]);
  const staffQuota = company ? staff.data?.quota : null;
  useEffect(() => {
    if (isOpen) setStaffEmails(company ? (staff.data?.emails ?? []) : []);
  }, [isOpen, company, staff.data]);
  const countries = useMemo(() => activeCountries().map((c) => ({ value: c.countryCode, label: c.name })), []);
  const mutation = useMutation({
    mutationFn: async (body: TCompanyInput) => {
      const saved = await source.save(body);
      try {
        await source.saveStaff(saved.id, staffEmails);
      } catch (err) {
        // The company is saved; its staff list is what failed: shown on the staff field.
        const e = err as { errors?: { field: string; key: string }[] };
        if (e.errors) throw { ...e, errors: e.errors.map((x) => ({ ...x, field: 'staffEmails' })) };
        throw err;
      }
      return saved;
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: source.staffKey });
      for (const queryKey of source.savedKeys) void qc.invalidateQueries({ queryKey });
    },
  });
  const form = useFormMutation(mutation, {
    setFieldError: (field, message) => setErrors((e) => ({ ...e, [field]: message })),
    success: (c) => (company ? t('exhibition.companies.saved') : t('exhibition.companies.created', { name: c.name })),
    onSuccess: onClose,
  });
  const set = (field: keyof TDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const title = company ? t('exhibition.companies.edit') : t('exhibition.companies.new');
  return (
    <FormModal
      opened={isOpen}
      onClose={onClose}
      title={title}
      formLabel={title}
      size="lg"
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        if (source.isNameLocked) {
          const { name: _locked, ...profile } = draft;
          form.submit(profile as TCompanyInput);
        } else form.submit(draft);
      }}
      formError={form.formError}
      isPending={form.isPending}
      submitLabel={company ? t('exhibition.companies.save') : t('exhibition.companies.create')}
      cancelLabel={t('common.cancel')}
    >
      <TextInput label={t('exhibition.companies.name')} required maxLength={160} value={draft.name} onChange={(e) => set('name')(e.currentTarget.value)} error={errors.name || undefined} readOnly={source.isNameLocked} description={source.isNameLocked ? t('exhibition.stand.nameLocked') : undefined} data-autofocus={!source.isNameLocked || undefined} />
      {company && (
        <CompanyLogoField
          name={company.name}
          logoUrl={logoUrl}
          upload={(body) => source.uploadLogo(company.id, body)}
          remove={() => source.removeLogo(company.id)}
          onSaved={(saved) => {
            setLogoUrl(saved.logoUrl);
            for (const queryKey of source.savedKeys) void qc.invalidateQueries({ queryKey });
          }}
        />
      )}
      <TextInput label={t('exhibition.companies.category')} maxLength={80} value={draft.category} onChange={(e) => set('category')(e.currentTarget.value)} error={errors.category || undefined} />
      <Select
        label={t('exhibition.companies.country')}
        data={countries}
        searchable
        clearable
        value={draft.countryCode || null}
        onChange={(v) => set('countryCode')(v ?? '')}
        error={errors.countryCode || undefined}
      />
      <TextInput label={t('exhibition.companies.website')} type="url" placeholder="https://" maxLength={300} value={draft.website} onChange={(e) => set('website')(e.currentTarget.value)} error={errors.website || undefined} />
      <TextInput label={t('exhibition.companies.contactEmail')} type="email" maxLength={254} value={draft.contactEmail} onChange={(e) => set('contactEmail')(e.currentTarget.value)} error={errors.contactEmail || undefined} />
      <TagsInput
        label={t('exhibition.companies.staff')}
        // The staff badge quota of the booths the company holds (the event's rule per stall size), when there is one.
        description={staffQuota == null ? t('exhibition.companies.staffHint') : `${t('exhibition.companies.staffHint')} ${t('exhibition.orders.quota.used', { used: staffEmails.length, quota: staffQuota })}`}
        placeholder={t('exhibition.companies.staffPlaceholder')}
        value={staffEmails}
        onChange={(v) => {
          setStaffEmails(v.map((x) => x.trim().toLowerCase()).filter(Boolean));
          setErrors((e) => ({ ...e, staffEmails: '' }));
        }}
        maxTags={50}
        splitChars={[',', ' ', ';']}
        clearable
        error={errors.staffEmails || undefined}
      />
      <Textarea
        label={t('exhibition.companies.profile')}
        description={t('exhibition.companies.profileHint')}
        autosize
        minRows={4}
        maxRows={12}
        maxLength={20000}
        value={draft.profileHtml}
        onChange={(e) => set('profileHtml')(e.currentTarget.value)}
        error={errors.profileHtml || undefined}
      />
    </FormModal>
  );
}
