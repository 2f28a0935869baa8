import { i18next } from '../../app/i18n.ts';
import { attendanceEn, attendanceValidationEn } from './locales/attendance.en.ts';

/** Session attendance's strings (under `programme.attendance`), and its validation key. */
i18next.addResourceBundle('en', 'translation', { programme: { attendance: attendanceEn }, validation: attendanceValidationEn }, true, false);
