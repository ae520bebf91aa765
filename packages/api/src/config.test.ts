// The mailbox's OAuth2 settings (docs/architecture.md §11a): one way to log in, nothing silently ignored.
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

const oauth = {
  IMAP_URL: "imaps://support%40example.com@outlook.office365.com:993/INBOX",
  IMAP_OAUTH_TOKEN_URL: "https://login.microsoftonline.com/tenant/oauth2/v2.0/token",
  IMAP_OAUTH_CLIENT_ID: "app-id",
  IMAP_OAUTH_CLIENT_SECRET: "app-secret",
  IMAP_OAUTH_SCOPE: "https://outlook.office365.com/.default",
};

describe("IMAP OAuth2 settings", () => {
  it("accepts a token endpoint with client id and secret, with or without a refresh token", () => {
    expect(loadConfig(oauth).IMAP_OAUTH_TOKEN_URL).toBe(oauth.IMAP_OAUTH_TOKEN_URL);
    expect(loadConfig({ ...oauth, IMAP_OAUTH_REFRESH_TOKEN: "rt" }).IMAP_OAUTH_REFRESH_TOKEN).toBe("rt");
    expect(loadConfig({ IMAP_URL: oauth.IMAP_URL, IMAP_PASSWORD: "pw" }).IMAP_PASSWORD).toBe("pw");
  });

  it("names each missing or conflicting setting, and never echoes a secret", () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(problems({ ...oauth, IMAP_OAUTH_CLIENT_SECRET: "" })).toContain(
      "IMAP_OAUTH_CLIENT_SECRET: IMAP_OAUTH_TOKEN_URL needs IMAP_OAUTH_CLIENT_SECRET",
    );
    expect(problems({ ...oauth, IMAP_PASSWORD: "pw" })).toContain(
      "Set IMAP_PASSWORD or IMAP_OAUTH_TOKEN_URL, not both",
    );
    expect(problems({ ...oauth, IMAP_ACCESS_TOKEN: "at" })).toContain(
      "Set IMAP_ACCESS_TOKEN or IMAP_OAUTH_TOKEN_URL, not both",
    );
    expect(problems({ ...oauth, IMAP_URL: "imap://u:pw@host/INBOX" })).toContain("must not contain a password");
    expect(problems({ IMAP_OAUTH_CLIENT_ID: "app-id" })).toContain("IMAP_OAUTH_CLIENT_ID needs IMAP_OAUTH_TOKEN_URL");
    expect(problems({ ...oauth, IMAP_OAUTH_TOKEN_URL: "http://login.example.com/token" })).toContain(
      "must use https://",
    );
    expect(problems({ ...oauth, IMAP_OAUTH_TOKEN_URL: "http://127.0.0.1:8080/token" })).toBe("");
    expect(problems({ ...oauth, IMAP_OAUTH_TOKEN_URL: "token" })).toContain("IMAP_OAUTH_TOKEN_URL must be a URL");
    expect(problems({ ...oauth, IMAP_PASSWORD: "pw" })).not.toContain("app-secret");
  });
});

// Single sign-on's callback address (docs/architecture.md §6a): in production it comes from PUBLIC_URL,
// never from the request's Host header, so production without PUBLIC_URL refuses to start.
describe("single sign-on in production", () => {
  const microsoft = { SSO_MICROSOFT_CLIENT_ID: "app-id", SSO_MICROSOFT_CLIENT_SECRET: "app-secret" };
  const google = { SSO_GOOGLE_CLIENT_ID: "app-id", SSO_GOOGLE_CLIENT_SECRET: "app-secret" };
  const production = { NODE_ENV: "production" };

  it.each([
    ["Microsoft", microsoft],
    ["Google", google],
  ])("refuses %s without PUBLIC_URL, saying why", (_name, sso) => {
    expect(() => loadConfig({ ...production, ...sso })).toThrow(
      "PUBLIC_URL: PUBLIC_URL is required in production when single sign-on is set up",
    );
  });

  it("starts with PUBLIC_URL, without single sign-on, or outside production", () => {
    expect(loadConfig({ ...production, ...microsoft, PUBLIC_URL: "https://support.example.com" }).PUBLIC_URL).toBe(
      "https://support.example.com",
    );
    expect(loadConfig(production).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ ...microsoft }).SSO_MICROSOFT_CLIENT_ID).toBe("app-id");
  });
});

// The file store (docs/decisions/0052): a bucket named with its credentials, or no S3 setting at all.
describe("the file store's settings", () => {
  const bucket = { S3_BUCKET: "files", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };

  it("keeps files on disk by default and reads an S3 bucket's settings", () => {
    expect(loadConfig({}).FILE_STORE).toBe("disk");
    const s3 = loadConfig({
      FILE_STORE: "s3",
      ...bucket,
      S3_FORCE_PATH_STYLE: "true",
      S3_ENDPOINT: "http://minio:9000",
    });
    expect([s3.FILE_STORE, s3.S3_BUCKET, s3.S3_FORCE_PATH_STYLE, s3.S3_REGION]).toEqual([
      "s3",
      "files",
      true,
      "us-east-1",
    ]);
  });

  it("refuses s3 without a bucket or a key, and S3 settings without s3", () => {
    expect(() => loadConfig({ FILE_STORE: "s3", S3_BUCKET: "files" })).toThrow("FILE_STORE=s3 needs S3_ACCESS_KEY_ID");
    expect(() => loadConfig({ ...bucket })).toThrow("S3_BUCKET: S3_BUCKET needs FILE_STORE=s3");
    expect(() => loadConfig({ FILE_STORE: "s3", ...bucket, S3_FORCE_PATH_STYLE: "yes" })).toThrow(
      "Expected true or false",
    );
    expect(() => loadConfig({ FILE_STORE: "ftp" })).toThrow("FILE_STORE");
  });
});
