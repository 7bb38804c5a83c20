// The diagram editor (admins). Its contract with the page, fixed so that the page and the editor can be
// built apart: the page renders it for `?edit=1` when the user may `update` the `Diagram`, and hands it
// `renderPreview` (the live canvas) so that a draft can be seen with live data before it is published.
// This first version only closes; the editor itself replaces it.
import type { Diagram } from '@voltscope/shared/sld/model';
import type { ReactNode } from 'react';

export interface SldEditorProps {
  siteId: string;
  /** Leaves the editor (back to the live diagram). */
  onClose: () => void;
  /** The live canvas drawing `diagram` with the site's live data. */
  renderPreview: (diagram: Diagram) => ReactNode;
}

export function SldEditor({ onClose }: SldEditorProps) {
  onClose();
  return null;
}
