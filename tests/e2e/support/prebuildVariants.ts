/**
 * `npm test`'s variant step (tests/run.mjs): builds every variant build (variants.ts) side by side, each recorded
 * for the browser tier's global setup to serve as it is. Run beside the integration tier, it takes the variant's
 * build (about 60 s with the machine to itself) out of the browser tier's setup, where the tests waited for it.
 */
import process from 'node:process';
import { buildVariant, variants, type VariantName } from './variants';

const started = Date.now();
void Promise.allSettled(
  (Object.keys(variants) as VariantName[]).map((name) => buildVariant(name, { mark: true })),
).then((results) => {
  const failed = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  for (const error of failed) console.error(error instanceof Error ? error.message : String(error));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `[variants] ${Object.keys(variants).join(', ')} ${failed.length === 0 ? 'built' : 'failed'} in ${seconds} s`,
  );
  process.exit(failed.length === 0 ? 0 : 1);
});
