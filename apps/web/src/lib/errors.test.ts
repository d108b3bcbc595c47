import { describe, expect, it, vi } from 'vitest';
import {
  AppError,
  clientError,
  describeBody,
  ERROR_TEXT,
  httpError,
  noResponseError,
  toAppError,
  userMessage,
} from './errors';

describe('error catalogue (spec §8)', () => {
  it('no response: generic server error', () => {
    const e = noResponseError(new TypeError('Failed to fetch'));
    expect(e.kind).toBe('no-response');
    expect(e.message).toBe('An unexpected server error occurred');
  });

  it('response without body: same server error message', () => {
    const e = httpError(502, null);
    expect(e.kind).toBe('no-body');
    expect(e.message).toBe('An unexpected server error occurred');
    expect(httpError(404, '').message).toBe('An unexpected server error occurred');
    expect(describeBody(undefined).message).toBe('An unexpected server error occurred');
  });

  it('field-error map: Validation Error with every field and message', () => {
    const e = httpError(400, {
      success: false,
      message: 'Invalid input',
      data: null,
      errors: { email: ['Enter a valid email address'], password: 'Password is required' },
      trace: 'req-1',
    });
    expect(e.kind).toBe('validation');
    expect(e.title).toBe('Validation Error');
    expect(e.message).toBe(
      'You had an error in the following fields, please fix them:\nemail: Enter a valid email address\npassword: Password is required',
    );
    expect(e.fieldErrors).toEqual({
      email: ['Enter a valid email address'],
      password: ['Password is required'],
    });
    expect(userMessage(e)).toBe(
      'You have made an error in the below form, please see below for more information.',
    );
  });

  it('other body: first present of error, errorMessage, message; else generic', () => {
    expect(describeBody({ error: 'E', errorMessage: 'EM', message: 'M' }).message).toBe('E');
    expect(describeBody({ errorMessage: 'EM', message: 'M' }).message).toBe('EM');
    expect(describeBody({ message: 'M' }).message).toBe('M');
    expect(describeBody({ foo: 1 }).message).toBe('An unexpected error occurred');
    expect(describeBody('plain text').message).toBe('plain text');
  });

  it('non-HTTP client errors: Error, client side', () => {
    const e = clientError(new TypeError('x is undefined'));
    expect(e.title).toBe('Error, client side');
    expect(e.message).toBe('An unexpected client side error occurred');
    expect(toAppError(new Error('boom')).kind).toBe('client');
  });

  it('400 and 422 are passed on untouched for field-level handling', () => {
    const body = { success: false, message: 'Email already confirmed', data: null, trace: 'r' };
    for (const status of [400, 422]) {
      const e = httpError(status, body);
      expect(e.kind).toBe('passthrough');
      expect(e.status).toBe(status);
      expect(e.body).toBe(body);
      expect(e.message).toBe('Email already confirmed');
    }
    expect(httpError(422, { errors: { name: ['Required'] } }).kind).toBe('validation');
  });

  it('5xx: server text plus the reference id', () => {
    const e = httpError(503, { success: false, message: 'db down', data: null, trace: 'req-42' });
    expect(e.kind).toBe('server');
    expect(e.message).toBe(
      'An unexpected server error has occurred, please contact support or try again later. Reference: req-42',
    );
    expect(e.reference).toBe('req-42');
    expect(userMessage(e)).toBe(e.message);
    expect(httpError(500, { message: 'x' }, 'hdr-1').reference).toBe('hdr-1');
  });

  it('other statuses: generic request text plus the reference id, keeping the server words', () => {
    const e = httpError(409, {
      success: false,
      message: 'Cannot remove the last admin',
      data: null,
      trace: 'r9',
    });
    expect(e.kind).toBe('status');
    expect(e.message).toBe('An unexpected error occurred with your request. Reference: r9');
    expect(e.serverMessage).toBe('Cannot remove the last admin');
    expect(userMessage(e)).toBe('Cannot remove the last admin');
    expect(userMessage(httpError(418, { foo: 1 }))).toBe('An unexpected error occurred with your request.');
  });

  it('cancelled requests are logged and passed on', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const e = toAppError(new DOMException('aborted', 'AbortError'));
    expect(e.kind).toBe('canceled');
    expect(e.code).toBe('ERR_CANCELED');
    expect(info).toHaveBeenCalled();
    info.mockRestore();
  });

  it('keeps an AppError as it is', () => {
    const e = new AppError({ kind: 'server', title: 't', message: 'm' });
    expect(toAppError(e)).toBe(e);
  });

  it('has the fallback and router texts', () => {
    expect(ERROR_TEXT.fallbackTitle).toBe('Error: Something went wrong.');
    expect(ERROR_TEXT.fallbackHint).toBe(
      'Try refreshing the page and if the problem persists contact support',
    );
    expect(ERROR_TEXT.routerDefault).toBe('Unexpected Application Error!');
  });
});
