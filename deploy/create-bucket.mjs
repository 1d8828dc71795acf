// `node deploy/create-bucket.mjs`: creates S3_BUCKET at S3_ENDPOINT when it does not exist, with
// the AWS SDK the image already has (deploy/docker-compose.local.yml runs it where no minio/mc
// image can be pulled). Exits non-zero with one line naming the variable when it cannot.
import { BucketAlreadyOwnedByYou, CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';

const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: region = 'us-east-1' } = process.env;
if (!bucket || !endpoint) {
  process.stderr.write('create-bucket: set S3_BUCKET and S3_ENDPOINT\n');
  process.exit(1);
}
const s3 = new S3Client({
  endpoint,
  region,
  forcePathStyle: true,
  credentials: { accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '' },
});
try {
  await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  process.stdout.write(`create-bucket: ${bucket} exists\n`);
} catch {
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    process.stdout.write(`create-bucket: created ${bucket}\n`);
  } catch (err) {
    if (!(err instanceof BucketAlreadyOwnedByYou)) {
      process.stderr.write(`create-bucket: cannot create S3_BUCKET ${bucket} at S3_ENDPOINT ${endpoint}: ${err.message}\n`);
      process.exit(1);
    }
  }
}
