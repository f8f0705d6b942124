/** The signed-in editor, as /api/auth answers it. */
export interface Editor {
  id: number;
  email: string;
  name: string;
}
