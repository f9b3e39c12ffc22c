/** Whether the host environment is CI (`CI=true` or `CI=1`): golden files are then never written. Pure. */
export function isCiEnvironment(env: Readonly<Record<string, string>>): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value === "true" || value === "1";
}
