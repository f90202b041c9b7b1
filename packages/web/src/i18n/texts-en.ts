/**
 * Every English text of the UI in one module, so one chunk: the shared file and each feature's own
 * (see catalogue.ts). A phone on a slow network then fetches one file instead of one per feature.
 */
const files = import.meta.glob<Record<string, string>>(['./en.json', '../features/**/i18n/en.json'], {
  eager: true,
  import: 'default',
});

export default Object.assign({}, ...Object.values(files)) as Record<string, string>;
