import { can, type Permission, type Role } from '@agency/core/roles';
import { createContext, useContext } from 'react';

/** The signed-in editor, as /api/auth answers it. */
export interface Editor {
  id: number;
  email: string;
  name: string;
  /** What the editor may do (core/src/rules/roles.ts); the screens hide what it does not allow. */
  role: Role;
}

/** The signed-in editor, given by the admin layout to its screens (null offline, when nobody could say). */
export const EditorContext = createContext<Editor | null>(null);

export function useEditor(): Editor | null {
  return useContext(EditorContext);
}

/**
 * Whether the signed-in editor's role allows `permission`, to hide what it does not. Offline, with nobody to
 * say the role, everything shows: the server refuses what the role does not allow when the work is sent.
 */
export function useCan(permission: Permission): boolean {
  const editor = useEditor();
  return editor === null || can(editor.role, permission);
}
