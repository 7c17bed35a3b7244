/** Navbar credit balance chip (spec §2, §4). Its behaviour arrives with the identity work. */
export default function CreditChip(): null {
  return null;
}
