// A generated file shown inline (the playground's results, the generations list): image, video,
// GIF, PDF, or an HTML5 banner's fallback image.
import { fileKind } from '../plan.js';
import type { View } from '../ui.js';

export function FileView({ url, type, fallback, alt }: { url: string; type: string; fallback?: string | null; alt: string }): View {
  const kind = fileKind(type);
  if (kind === 'video') return <video src={url} controls muted loop playsinline aria-label={alt} />;
  if (kind === 'pdf')
    return (
      <object data={url} type="application/pdf" aria-label={alt}>
        <a href={url}>Open the PDF</a>
      </object>
    );
  if (kind === 'html5') return fallback ? <img src={fallback} alt={`${alt} (HTML5 banner, fallback image)`} /> : <p>HTML5 banner (ZIP)</p>;
  return <img src={url} alt={alt} />;
}
