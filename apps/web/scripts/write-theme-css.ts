/** Writes src/app/theme-variables.css from src/app/theme.ts (see src/app/theme-css.ts). */
import { writeFileSync } from 'node:fs';
import { themeCssText } from '../src/app/theme-css.ts';

writeFileSync(new URL('../src/app/theme-variables.css', import.meta.url), themeCssText());
