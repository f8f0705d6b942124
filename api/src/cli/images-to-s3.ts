// `pnpm images:to-s3`: copies the stored images of DATA_DIR (DATA_DIR/storage/poster_images) to the S3 bucket
// of S3_* (lib/storage.ts, copyImages), before the server is started with S3_BUCKET set.
import { loadConfig } from '../config';
import { LocalImageStore, posterImagesDir, S3ImageStore } from '../lib/image-store';
import { copyImages } from '../lib/storage';

const USAGE = `Usage: pnpm images:to-s3

Copies the uploads of DATA_DIR/storage/poster_images (each image and its sizes) to the bucket of S3_BUCKET
(with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, as the server reads them). Files already
in the bucket are left as they are, so it may run again, and the local files are kept. The server may keep
serving from the local folder meanwhile: run it again after the last upload before the switch.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.length > 0) {
    process.stderr.write(`unknown argument: ${args.join(' ')}\n\n${USAGE}\n`);
    return 2;
  }
  // pnpm runs package scripts in the package folder; relative paths mean the caller's folder.
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  if (!config.s3) {
    process.stderr.write(`S3_BUCKET is not set: there is no bucket to copy to.\n\n${USAGE}\n`);
    return 1;
  }
  const dir = posterImagesDir(config.dataDir);
  const bucket = new S3ImageStore(config.s3);
  try {
    const { copied, present } = await copyImages(new LocalImageStore(dir), bucket, (name) =>
      process.stdout.write(`copied ${name}\n`),
    );
    process.stdout.write(
      `Copied ${copied} files from ${dir} to the bucket ${config.s3.bucket}; ${present} were there already.\n`,
    );
    return 0;
  } finally {
    bucket.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
