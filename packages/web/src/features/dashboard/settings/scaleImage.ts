// Spec 2 §9: images are scaled down to fit 1920×1080.
export const IMAGE_MAX_WIDTH = 1920;
export const IMAGE_MAX_HEIGHT = 1080;

/** A file name without an extension is not offered as an image (spec 2 §5). */
export const hasExtension = (name: string) => /\.[^./\\]+$/.test(name);

/** The factor that makes width × height fit inside 1920 × 1080; never enlarges. */
export function fitScale(width: number, height: number): number {
  return Math.min(1, IMAGE_MAX_WIDTH / width, IMAGE_MAX_HEIGHT / height);
}

/** Reads an image file and returns it as a data URL, scaled down to fit 1920 × 1080. */
export async function imageFileToDataUrl(file: File): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = fitScale(image.naturalWidth, image.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.naturalWidth * scale);
    canvas.height = Math.round(image.naturalHeight * scale);
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL(file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png');
  } finally {
    URL.revokeObjectURL(url);
  }
}
