import { describe, expect, it } from 'vitest';
import { readSiteConfig } from '../../src/config/env';

describe('readSiteConfig', () => {
  it('defaults to the local stack with the Auth emulator when nothing is configured', () => {
    const config = readSiteConfig({});
    expect(config.apiBaseUrl).toBe('http://localhost:4010/v1');
    expect(config.servicesBaseUrl).toBe('http://localhost:4020');
    expect(config.firebase.projectId).toBe('demo-visionapi');
    expect(config.firebase.authEmulatorHost).toBe('127.0.0.1:9099');
    expect(config.firebase.measurementId).toBe('');
    expect(config.calendlyUrl).toBe('');
  });

  it('uses a real Firebase project, without the emulator, when an API key is given', () => {
    const config = readSiteConfig({
      FIREBASE_API_KEY: 'AIzaReal',
      FIREBASE_PROJECT_ID: 'acme-prod',
      API_BASE_URL: 'https://api.example.com/v1',
      CALENDLY_URL: ' https://calendly.com/acme/intro ',
    });
    expect(config.firebase.authEmulatorHost).toBe('');
    expect(config.firebase.apiKey).toBe('AIzaReal');
    expect(config.firebase.authDomain).toBe('acme-prod.firebaseapp.com');
    expect(config.apiBaseUrl).toBe('https://api.example.com/v1');
    expect(config.calendlyUrl).toBe('https://calendly.com/acme/intro');
  });
});
