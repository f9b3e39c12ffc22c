/**
 * Sets an own, enumerable, writable property, even one named `__proto__` (JSON.parse makes such
 * own properties; plain assignment would replace the prototype instead).
 */
export function setOwnProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
