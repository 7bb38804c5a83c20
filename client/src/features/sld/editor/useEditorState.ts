// The editor's state in React: one useState over the pure editorState module, and the keyboard
// (arrows move a cell, Shift five; R rotates; Delete; Ctrl/Cmd+Z undo; Ctrl+Shift+Z or Ctrl+Y redo;
// Escape cancels a wire). Keys typed into a field are the field's, not the canvas's.
import type { Diagram } from '@voltscope/shared/sld/model';
import { useCallback, useEffect, useState } from 'react';
import {
  cancelWire,
  deleteSelection,
  type EditorState,
  initialState,
  nudgeSelection,
  redo,
  rotateSymbol,
  selectNext,
  undo,
} from './editorState.ts';

export type Apply = (action: (s: EditorState) => EditorState) => void;

const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

const arrows: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

export function keyAction(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>) {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (mod && key === 'z') return event.shiftKey ? redo : undo;
  if (mod && key === 'y') return redo;
  if (mod || event.altKey) return null;
  if (event.key === 'Escape') return cancelWire;
  if (event.key === 'Delete' || event.key === 'Backspace') return deleteSelection;
  if (key === 'n' || key === 'p') return (s: EditorState) => selectNext(s, key === 'n' ? 1 : -1);
  if (key === 'r') return (s: EditorState) => (s.selection?.type === 'symbol' ? rotateSymbol(s, s.selection.id) : s);
  const step = arrows[event.key];
  if (step) {
    const n = event.shiftKey ? 5 : 1;
    return (s: EditorState) => nudgeSelection(s, step[0] * n, step[1] * n);
  }
  return null;
}

export function useEditorState(start: Diagram, keysEnabled: boolean) {
  const [state, setState] = useState(() => initialState(start));
  const apply: Apply = useCallback((action) => setState(action), []);
  const reset = useCallback((diagram: Diagram) => setState(initialState(diagram)), []);

  useEffect(() => {
    if (!keysEnabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || typingInto(event.target)) return;
      // A dialog open over the editor keeps its keys.
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      const action = keyAction(event);
      if (!action) return;
      event.preventDefault();
      setState(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keysEnabled]);

  return { state, apply, reset };
}
