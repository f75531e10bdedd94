/** Test helpers of picture uploads: a multipart/form-data body as a browser sends it. */

const BOUNDARY = '----tablo-test-boundary';

/** A multipart/form-data body with one file part named `picture`. */
export function multipartBody(bytes: Uint8Array, fileName: string, contentType: string) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="picture"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
