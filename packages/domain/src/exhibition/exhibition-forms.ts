import { z } from 'zod';

/** SPEC §3.5: forms are for shell or raw stalls, or (no stallType) for every stall. */
export const STALL_TYPES = ['shell', 'raw'] as const;
export type TStallType = (typeof STALL_TYPES)[number];

/** SPEC §3.5 roles a form is available to; SPEC §6: all 23 forms go to both. */
export const EXHIBITION_FORM_ROLES = ['Host', 'Exhibiting Company'] as const;
export type TExhibitionFormRole = (typeof EXHIBITION_FORM_ROLES)[number];

export const EXHIBITION_FORM_CODES = [
  'BRANDING_OPPORTUNITY',
  'DIGITAL_PROMOTION',
  'COMPANY_PROFILE',
  'STALL_REPRESENTATIVE',
  'FASCIA_NAME',
  'EXTRA_FURNITURE',
  'EXTRA_FURNITURE_PLACEMENT',
  'STALL_VENDOR',
  'STALL_LAYOUT_APPROVAL',
  'OTHER_VENDOR',
  'ADVERTISEMENT_RELEASE',
  'VISA_LETTER',
  'BUYER_RECOMMENDATION',
  'EXTRA_ELECTRICALS',
  'AUDIO_VISUAL_EQUIPMENT',
  'HOSTESS',
  'CLEANING_HOUSEKEEPING',
  'SECURITY_SERVICES',
  'EXHIBITOR_UNDERTAKING',
  'POSSESSION_OF_STAND',
  'WATER_SUPPLY',
  'COMPRESSED_AIR',
  'WIRED_INTERNET',
] as const;
export type TExhibitionFormCode = (typeof EXHIBITION_FORM_CODES)[number];

/** One priced or counted line of a form (a chair, a 5 A socket, a hostess per day). */
export const ZFormParticular = z.object({
  name: z.string().min(1).max(200),
  unit: z.string().max(50),
  rate: z.number().nonnegative(),
  currency: z.string().max(3),
});
export type TFormParticular = z.infer<typeof ZFormParticular>;

/** Per-event settings of a form. */
export const ZFormConfiguration = z.object({
  /** ISO date after which exhibitors can no longer submit; null for no deadline. */
  deadline: z.string().nullable(),
  isMandatory: z.boolean(),
  /** Late-submission surcharge in percent. */
  lateFeePercent: z.number().min(0).max(100),
  instructions: z.string().max(5000),
});
export type TFormConfiguration = z.infer<typeof ZFormConfiguration>;

/** SPEC §3.5 exhibition form definition. `status` = offered in the catalogue; `activeStatus` = switched on for the event. */
export const ZExhibitionFormDefinition = z.object({
  formNo: z.number().int().positive(),
  shortName: z.string().min(1).max(50),
  formName: z.string().min(1).max(200),
  formDescription: z.string().max(2000),
  formCode: z.enum(EXHIBITION_FORM_CODES),
  status: z.boolean(),
  activeStatus: z.boolean(),
  configuration: ZFormConfiguration,
  roles: z.array(z.enum(EXHIBITION_FORM_ROLES)).min(1),
  particulars: z.array(ZFormParticular),
  isSurveyForm: z.boolean(),
  stallType: z.enum(STALL_TYPES).optional(),
  isRegOpenBtn: z.boolean(),
  allowAsServiceBtn: z.boolean(),
  emailNotificationBtn: z.boolean(),
  showOnlyDocTab: z.boolean(),
});
export type TExhibitionFormDefinition = z.infer<typeof ZExhibitionFormDefinition>;

const DEFAULT_CONFIGURATION: TFormConfiguration = {
  deadline: null,
  isMandatory: false,
  lateFeePercent: 0,
  instructions: '',
};

type TFormSeed = {
  code: TExhibitionFormCode;
  shortName: string;
  name: string;
  description: string;
  stallType?: TStallType;
  /** A questionnaire without priced lines (answers only). */
  isSurvey?: boolean;
  /** Exhibitors may order it as a paid service. */
  isService?: boolean;
  /** Only documents are exchanged (upload/download), no other tab. */
  isDocOnly?: boolean;
};

const SEEDS: readonly TFormSeed[] = [
  { code: 'BRANDING_OPPORTUNITY', shortName: 'Branding', name: 'Branding Opportunity', description: 'Book branding and sponsorship spaces at the venue.', isService: true },
  { code: 'DIGITAL_PROMOTION', shortName: 'Digital Promotion', name: 'Digital Promotion', description: 'Order digital promotion: mailers, banners and social posts.', isService: true },
  { code: 'COMPANY_PROFILE', shortName: 'Company Profile', name: 'Company Profile', description: 'Company description, logo and contacts for the catalogue.', isSurvey: true },
  { code: 'STALL_REPRESENTATIVE', shortName: 'Representatives', name: 'Stall Representative', description: 'Names of the staff who will man the stall.', isSurvey: true },
  { code: 'FASCIA_NAME', shortName: 'Fascia', name: 'Fascia Name', description: 'Name to print on the fascia board of a shell stall.', stallType: 'shell', isSurvey: true },
  { code: 'EXTRA_FURNITURE', shortName: 'Furniture', name: 'Extra Furniture', description: 'Order furniture beyond the standard stall package.', isService: true },
  { code: 'EXTRA_FURNITURE_PLACEMENT', shortName: 'Furniture Layout', name: 'Extra Furniture Placement', description: 'Where the furniture goes in a shell stall.', stallType: 'shell', isDocOnly: true },
  { code: 'STALL_VENDOR', shortName: 'Stall Vendor', name: 'Stall Vendor', description: 'The contractor who builds a raw-space stall.', stallType: 'raw', isSurvey: true },
  { code: 'STALL_LAYOUT_APPROVAL', shortName: 'Layout Approval', name: 'Stall Layout Approval', description: 'Submit the raw-space stall design for approval.', stallType: 'raw', isDocOnly: true },
  { code: 'OTHER_VENDOR', shortName: 'Other Vendor', name: 'Other Vendor', description: 'Other contractors who need venue access.', isSurvey: true },
  { code: 'ADVERTISEMENT_RELEASE', shortName: 'Advertisement', name: 'Advertisement Release', description: 'Book advertisements in the show directory.', isService: true },
  { code: 'VISA_LETTER', shortName: 'Visa Letter', name: 'Visa Letter', description: 'Request invitation letters for visa applications.', isSurvey: true },
  { code: 'BUYER_RECOMMENDATION', shortName: 'Buyers', name: 'Buyer Recommendation', description: 'Recommend buyers to invite.', isSurvey: true },
  { code: 'EXTRA_ELECTRICALS', shortName: 'Electricals', name: 'Extra Electricals', description: 'Order extra power points and lighting.', isService: true },
  { code: 'AUDIO_VISUAL_EQUIPMENT', shortName: 'AV Equipment', name: 'Audio Visual Equipment', description: 'Rent screens, speakers and projectors.', isService: true },
  { code: 'HOSTESS', shortName: 'Hostess', name: 'Hostess', description: 'Hire hostesses and interpreters.', isService: true },
  { code: 'CLEANING_HOUSEKEEPING', shortName: 'Cleaning', name: 'Cleaning & Housekeeping', description: 'Order stall cleaning and housekeeping.', isService: true },
  { code: 'SECURITY_SERVICES', shortName: 'Security', name: 'Security Services', description: 'Order stall security staff.', isService: true },
  { code: 'EXHIBITOR_UNDERTAKING', shortName: 'Undertaking', name: 'Exhibitor Undertaking', description: 'Signed undertaking to follow the show rules.', isDocOnly: true },
  { code: 'POSSESSION_OF_STAND', shortName: 'Possession', name: 'Possession of Stand', description: 'Acknowledge taking possession of the stand.', isDocOnly: true },
  { code: 'WATER_SUPPLY', shortName: 'Water', name: 'Water Supply', description: 'Order a water connection.', isService: true },
  { code: 'COMPRESSED_AIR', shortName: 'Compressed Air', name: 'Compressed Air', description: 'Order a compressed-air connection.', isService: true },
  { code: 'WIRED_INTERNET', shortName: 'Internet', name: 'Wired Internet', description: 'Order a wired internet connection.', isService: true },
];

/** SPEC §3.5: the 23 forms, numbered 1–23 in the spec's order, all for Host and Exhibiting Company. */
export const EXHIBITION_FORMS: readonly TExhibitionFormDefinition[] = SEEDS.map((seed, index) => ({
  formNo: index + 1,
  shortName: seed.shortName,
  formName: seed.name,
  formDescription: seed.description,
  formCode: seed.code,
  status: true,
  activeStatus: false,
  configuration: { ...DEFAULT_CONFIGURATION },
  roles: [...EXHIBITION_FORM_ROLES],
  particulars: [],
  isSurveyForm: seed.isSurvey ?? false,
  ...(seed.stallType ? { stallType: seed.stallType } : {}),
  isRegOpenBtn: false,
  allowAsServiceBtn: seed.isService ?? false,
  emailNotificationBtn: true,
  showOnlyDocTab: seed.isDocOnly ?? false,
}));

export function findExhibitionForm(code: string): TExhibitionFormDefinition | undefined {
  return EXHIBITION_FORMS.find((f) => f.formCode === code);
}

/** True when `form` applies to a stall of `stallType` (forms without a stall type apply to every stall). */
export function isFormForStall(form: Pick<TExhibitionFormDefinition, 'stallType'>, stallType: TStallType): boolean {
  return form.stallType === undefined || form.stallType === stallType;
}

/** The forms an exhibitor with a stall of `stallType` sees. */
export function exhibitionFormsForStall(stallType: TStallType): readonly TExhibitionFormDefinition[] {
  return EXHIBITION_FORMS.filter((f) => isFormForStall(f, stallType));
}
