export function embeddedServerEnv(where: {
  port: number | string;
  publicUrl: string;
  dataDir: string;
}): NodeJS.ProcessEnv;
