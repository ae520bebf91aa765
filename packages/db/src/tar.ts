// A plain ustar archive of named buffers, written and read in memory: a backup bundles the database's
// own tarball with the stored files (docs/decisions/0036-online-backups-with-files.md), and these few
// lines spare a dependency for it. Names up to 255 characters (ustar's prefix and name fields).

export interface TarEntry {
  name: string;
  data: Buffer;
}

const BLOCK = 512;

function header(name: string, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = "";
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100)
      throw new Error(`Name too long for a tar entry: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  block.write(base, 0, 100, "utf8");
  block.write("0000600\0", 100, "ascii"); // mode
  block.write("0000000\0", 108, "ascii"); // uid
  block.write("0000000\0", 116, "ascii"); // gid
  block.write(`${size.toString(8).padStart(11, "0")}\0`, 124, "ascii");
  block.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, "0")}\0`,
    136,
    "ascii",
  );
  block.write("        ", 148, "ascii"); // checksum, counted as spaces
  block.write("0", 156, "ascii"); // a regular file
  block.write("ustar\u000000", 257, "ascii");
  block.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

export function packTar(entries: readonly TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const { name, data } of entries) {
    parts.push(header(name, data.length), data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

const field = (block: Buffer, start: number, length: number) =>
  block
    .subarray(start, start + length)
    .toString("utf8")
    .replace(/\0.*$/s, "");

export function unpackTar(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const block = tar.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    if (field(block, 257, 5) !== "ustar") throw new Error("Not a tar archive");
    const size = Number.parseInt(field(block, 124, 12).trim() || "0", 8);
    const prefix = field(block, 345, 155);
    const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
    const start = offset + BLOCK;
    if (start + size > tar.length) throw new Error("The tar archive is cut short");
    const type = field(block, 156, 1);
    if (type === "0" || type === "") entries.push({ name, data: Buffer.from(tar.subarray(start, start + size)) });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}
