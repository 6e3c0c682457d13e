// Picks the print provider. Only `manual` exists: a person sends the exported files to a printer.
import { ManualPrintProvider } from './manual.ts';
import type { PrintProvider } from './types.ts';

export function createPrintProvider(): PrintProvider {
  return new ManualPrintProvider();
}
