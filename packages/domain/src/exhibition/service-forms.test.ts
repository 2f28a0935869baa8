import { describe, expect, it } from 'vitest';
import { findExhibitionForm } from './exhibition-forms.ts';
import {
  ZFormSettingsInput,
  ZSubmissionInput,
  allowedSubmissionActions,
  isFormOfferedFor,
  isPastDeadline,
  linesTotalCents,
  nextSubmissionStatus,
  SUBMISSION_ACTIONS,
  SUBMISSION_STATUSES,
} from './service-forms.ts';

const settings = (over: Record<string, unknown> = {}) => ({
  deadline: '2027-03-01T18:00',
  needsApproval: true,
  emailNotifications: true,
  registerButton: false,
  allowAsService: true,
  isSurveyForm: false,
  showOnlyDocuments: false,
  ...over,
});

describe('submission status rule', () => {
  it('moves draft → submitted → approved / rejected → fulfilled, and a rejected one back to draft or submitted', () => {
    expect(nextSubmissionStatus('draft', 'save')).toBe('draft');
    expect(nextSubmissionStatus('draft', 'submit')).toBe('submitted');
    expect(nextSubmissionStatus('submitted', 'approve')).toBe('approved');
    expect(nextSubmissionStatus('submitted', 'reject')).toBe('rejected');
    expect(nextSubmissionStatus('approved', 'fulfil')).toBe('fulfilled');
    expect(nextSubmissionStatus('rejected', 'save')).toBe('draft');
    expect(nextSubmissionStatus('rejected', 'submit')).toBe('submitted');
  });

  it('approves on submission when the form needs no approval', () => {
    expect(nextSubmissionStatus('draft', 'submit', { needsApproval: false })).toBe('approved');
    expect(nextSubmissionStatus('rejected', 'submit', { needsApproval: false })).toBe('approved');
  });

  it('refuses every other move, and names what is allowed from each status', () => {
    const legal = new Set(['draft:save', 'draft:submit', 'submitted:approve', 'submitted:reject', 'approved:fulfil', 'rejected:save', 'rejected:submit']);
    for (const s of SUBMISSION_STATUSES) {
      for (const a of SUBMISSION_ACTIONS) {
        expect(nextSubmissionStatus(s, a) !== null, `${s} ${a}`).toBe(legal.has(`${s}:${a}`));
      }
    }
    expect(allowedSubmissionActions('submitted')).toEqual(['approve', 'reject']);
    expect(allowedSubmissionActions('submitted', 'company')).toEqual([]);
    expect(allowedSubmissionActions('rejected', 'company')).toEqual(['save', 'submit']);
    expect(allowedSubmissionActions('fulfilled')).toEqual([]);
  });
});

describe('stall-type rule and deadline', () => {
  it('offers a form only when it is on and fits the stall type of the catalogue', () => {
    expect(isFormOfferedFor({ formCode: 'FASCIA_NAME', isActive: true }, 'shell')).toBe(true);
    expect(isFormOfferedFor({ formCode: 'FASCIA_NAME', isActive: true }, 'raw')).toBe(false);
    expect(isFormOfferedFor({ formCode: 'EXTRA_FURNITURE_PLACEMENT', isActive: true }, 'raw')).toBe(false);
    expect(isFormOfferedFor({ formCode: 'STALL_VENDOR', isActive: true }, 'shell')).toBe(false);
    expect(isFormOfferedFor({ formCode: 'STALL_LAYOUT_APPROVAL', isActive: true }, 'raw')).toBe(true);
    expect(isFormOfferedFor({ formCode: 'EXTRA_FURNITURE', isActive: true }, 'raw')).toBe(true);
    expect(isFormOfferedFor({ formCode: 'EXTRA_FURNITURE', isActive: false }, 'shell')).toBe(false);
    expect(findExhibitionForm('STALL_LAYOUT_APPROVAL')?.stallType).toBe('raw');
  });

  it('is past its deadline from the deadline instant on; no deadline is never past', () => {
    const at = '2027-03-01T17:00:00.000Z';
    expect(isPastDeadline(at, new Date('2027-03-01T16:59:59Z'))).toBe(false);
    expect(isPastDeadline(at, new Date(at))).toBe(true);
    expect(isPastDeadline(null, new Date('2100-01-01'))).toBe(false);
  });
});

describe('settings and submission input', () => {
  it('keys duplicate particulars, mixed currencies, more than two decimals and bad deadlines by field', () => {
    const bad = ZFormSettingsInput.safeParse(
      settings({
        deadline: '2027-03-01 18:00',
        particulars: [
          { name: 'Chair', unit: 'piece', rate: 10, currency: 'inr' },
          { name: 'chair', unit: 'piece', rate: 12.345, currency: 'INR' },
          { name: 'Table', unit: 'piece', rate: 50, currency: 'EUR' },
        ],
      }),
    );
    expect(bad.success).toBe(false);
    const issues = bad.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(issues).toEqual(expect.arrayContaining(['particulars.1.rate:priceCents', 'particulars.1.name:duplicateParticular', 'particulars.2.currency:mixedCurrencies']));
    expect(bad.error!.issues.some((i) => i.path[0] === 'deadline')).toBe(true);
    const ok = ZFormSettingsInput.parse(settings({ particulars: [{ name: 'Chair', rate: 10, currency: 'inr' }] }));
    expect(ok.particulars[0]).toEqual({ name: 'Chair', unit: '', rate: 10, currency: 'INR' });
  });

  it('never takes a price from the company, nor a negative quantity', () => {
    expect(ZSubmissionInput.safeParse({ version: 0, lines: [{ name: 'Chair', quantity: 2, rate: 0 }] }).success).toBe(false);
    expect(ZSubmissionInput.safeParse({ version: 0, lines: [{ name: 'Chair', quantity: -1 }] }).success).toBe(false);
    expect(ZSubmissionInput.parse({ version: 0 })).toEqual({ version: 0, lines: [], answers: [], submit: false });
  });

  it('totals lines in cents without floating-point drift', () => {
    expect(linesTotalCents([{ rate: 0.1, quantity: 3 }, { rate: 0.2, quantity: 1 }])).toBe(50);
    expect(linesTotalCents([])).toBe(0);
  });
});
