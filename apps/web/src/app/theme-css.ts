import { DEFAULT_THEME, convertCssVariables, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The theme's CSS variables exactly as MantineProvider would write them into a <style> at run time (its own resolver
 * merged with ours, minus what Mantine's stylesheet already declares), for app/theme-variables.css. The provider runs
 * with `withCssVariables={false}`: computing them (every shade's variants and contrast of 15 colours) took a phone
 * about 100 ms of main thread in the first render of every page (docs/PERFORMANCE.md "Lighthouse"). Used by
 * `npm run theme-css -w @pavilion/web` and the test that keeps the file in step with theme.ts; not by the app.
 */
export function themeCssText(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const base = defaultCssVariablesResolver(merged);
  const ours = cssVariablesResolver(merged);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const changed = (vars: Record<string, string>, known: Record<string, string>) => Object.fromEntries(Object.entries(vars).filter(([k, v]) => known[k] !== v));
  const css = convertCssVariables(
    {
      variables: changed({ ...base.variables, ...ours.variables }, defaults.variables),
      light: changed({ ...base.light, ...ours.light }, defaults.light),
      dark: changed({ ...base.dark, ...ours.dark }, defaults.dark),
    },
    ':root',
  );
  return `/* Generated from app/theme.ts by app/theme-css.ts (npm run theme-css -w @pavilion/web): do not edit. */\n${css.replace(/}/g, '}\n')}`;
}
