import { useEffect, useState } from 'react';
import { apiFetch, errorMessage } from '../../../lib/api-client';

/** The parts of an OpenAPI 3.1 document the reference renders (served at `GET /api/v1/openapi.json`). */
export interface OpenApiSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  description?: string;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
}
export interface OpenApiMedia {
  schema?: OpenApiSchema;
}
export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: OpenApiSchema;
}
export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, OpenApiMedia> };
  responses?: Record<string, { description?: string; content?: Record<string, OpenApiMedia> }>;
}
export interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string; description?: string; summary?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: {
    schemas?: Record<string, OpenApiSchema>;
    securitySchemes?: Record<string, { type: string; in?: string; name?: string; description?: string }>;
  };
}

export const OPENAPI_URL = '/api/v1/openapi.json';

export function getOpenApi(): Promise<OpenApiDoc> {
  return apiFetch<OpenApiDoc>(OPENAPI_URL);
}

export type OpenApiState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; doc: OpenApiDoc };

export function useOpenApi(): OpenApiState {
  const [state, setState] = useState<OpenApiState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    getOpenApi().then(
      (doc) => {
        if (!alive) return;
        if (!doc || typeof doc !== 'object' || !doc.paths) setState({ status: 'error', message: 'The answer is not an OpenAPI document.' });
        else setState({ status: 'ready', doc });
      },
      (err: unknown) => alive && setState({ status: 'error', message: errorMessage(err) }),
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}
