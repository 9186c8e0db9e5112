import { describe, expect, it } from 'vitest';
import { treeKeyAction, type TreeKeyState } from './tree-keys';

const state = (s: Partial<TreeKeyState>): TreeKeyState => ({ order: ['', 'a', 'a1', 'b'], focused: 'a', hasChildren: true, isExpanded: true, parentId: '', firstChildId: 'a1', ...s });

describe('treeKeyAction', () => {
  it('moves up and down the visible rows, Home and End to the ends', () => {
    expect(treeKeyAction('ArrowDown', state({}))).toEqual({ type: 'focus', id: 'a1' });
    expect(treeKeyAction('ArrowUp', state({}))).toEqual({ type: 'focus', id: '' });
    expect(treeKeyAction('ArrowDown', state({ focused: 'b' }))).toBeNull();
    expect(treeKeyAction('ArrowUp', state({ focused: '' }))).toBeNull();
    expect(treeKeyAction('Home', state({}))).toEqual({ type: 'focus', id: '' });
    expect(treeKeyAction('End', state({}))).toEqual({ type: 'focus', id: 'b' });
  });

  it('Right opens a closed folder, then goes to its first child; Left closes, then goes to the parent', () => {
    expect(treeKeyAction('ArrowRight', state({ isExpanded: false }))).toEqual({ type: 'expand' });
    expect(treeKeyAction('ArrowRight', state({}))).toEqual({ type: 'focus', id: 'a1' });
    expect(treeKeyAction('ArrowRight', state({ hasChildren: false }))).toBeNull();
    expect(treeKeyAction('ArrowLeft', state({}))).toEqual({ type: 'collapse' });
    expect(treeKeyAction('ArrowLeft', state({ isExpanded: false }))).toEqual({ type: 'focus', id: '' });
    expect(treeKeyAction('ArrowLeft', state({ focused: '', parentId: null }))).toBeNull();
  });

  it('Enter opens, F2 renames, other keys do nothing', () => {
    expect(treeKeyAction('Enter', state({}))).toEqual({ type: 'open' });
    expect(treeKeyAction('F2', state({}))).toEqual({ type: 'rename' });
    expect(treeKeyAction('x', state({}))).toBeNull();
  });
});
