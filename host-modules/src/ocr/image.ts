// Owns what an image must be before the OCR engine may decode it: a PNG, JPEG or BMP (BITMAPINFOHEADER family)
// recognised by its magic bytes, whose header (read with image-size, never decoded) declares a size of at most
// OCR_LIMITS.maxPixels. Refuses every other format, a header image-size reads as another format than the magic
// bytes say, zero or non-integer dimensions, and anything over the pixel cap.

import { imageSize } from "image-size";
import { HostModuleError } from "../errors.js";
import { n } from "../check.js";
import { OCR_LIMITS } from "./descriptor.js";

export type ImageFormat = "png" | "jpeg" | "bmp";

/** The image-size type name of each accepted format. */
const IMAGE_SIZE_TYPE: Record<ImageFormat, string> = { png: "png", jpeg: "jpg", bmp: "bmp" };

/** BMP info-header sizes whose width and height sit at offsets 18 and 22 as 32-bit fields. */
const BMP_INFO_HEADERS = new Set([40, 52, 56, 108, 124]);

/** The accepted format the magic bytes announce, or null. */
function sniff(bytes: Uint8Array): ImageFormat | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) {
    return "png";
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d) {
    const infoSize = b[14]! | (b[15]! << 8) | (b[16]! << 16) | (b[17]! << 24);
    if (BMP_INFO_HEADERS.has(infoSize)) return "bmp";
  }
  return null;
}

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

/** Reads the format and declared size from the header and refuses anything not allowed (see the file comment). */
export function checkImage(fn: string, bytes: Uint8Array): ImageHeader {
  const format = sniff(bytes);
  if (!format) {
    throw new HostModuleError("image-format-unsupported", `${fn}: the bytes are not a PNG, JPEG or BMP image; convert the image to PNG`);
  }
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    throw new HostModuleError("parse-failed", `${fn}: the ${format.toUpperCase()} header could not be read; the image is damaged or truncated`);
  }
  if (size.type !== IMAGE_SIZE_TYPE[format]) {
    throw new HostModuleError("image-format-unsupported", `${fn}: the image header does not match its ${format.toUpperCase()} signature`);
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new HostModuleError("parse-failed", `${fn}: the image header declares an empty or invalid size (${width}×${height})`);
  }
  if (width * height > OCR_LIMITS.maxPixels.default) {
    throw new HostModuleError(
      "image-too-large",
      `${fn}: the image is ${n(width)}×${n(height)} = ${n(width * height)} pixels, over the ${n(OCR_LIMITS.maxPixels.default)}-pixel limit; scale it down`,
    );
  }
  return { format, width, height };
}
