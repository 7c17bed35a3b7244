/** Navbar auth item (spec §2). Its signed-in / signed-out behaviour arrives with the identity work. */
export default function AuthItem(): null {
  return null;
}
