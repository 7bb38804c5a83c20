// `npm run audit:verify`: checks the audit log's hash chain in the store the hub is configured with
// (DATA_DIR or DATABASE_URL, as the hub reads them) and exits 0 when it is intact, 1 naming the first
// entry that was changed, removed or reordered, 2 when the store cannot be read.
import { loadConfig } from '../config.ts';
import { openStore } from '../store/open.ts';
import { verifyStoredChain } from './auditStore.ts';

async function main(): Promise<number> {
  const store = await openStore(loadConfig());
  try {
    const check = await verifyStoredChain(store.db);
    if (check.ok) {
      console.log(`audit log intact: ${check.entries} entries`);
      return 0;
    }
    console.error(`audit log broken at entry #${check.brokenAt}: it ${check.why} (${check.entries} entries checked)`);
    return 1;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('could not check the audit log:', error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
