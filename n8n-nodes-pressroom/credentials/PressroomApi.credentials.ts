import type { IAuthenticateGeneric, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

/** A Pressroom farm: its base URL (any host, unlike a hosted service's node) and a workspace API key. */
export class PressroomApi implements ICredentialType {
  name = 'pressroomApi';
  displayName = 'Pressroom API';
  documentationUrl = 'https://github.com/pressroom/pressroom/blob/main/docs/n8n.md';
  properties: INodeProperties[] = [
    {
      displayName: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      default: 'http://localhost:3000',
      placeholder: 'https://pressroom.example.com',
      description: 'Where the farm answers: the address its API is served on (PUBLIC_BASE_URL)',
      required: true,
    },
    {
      displayName: 'API Key',
      name: 'apiKey',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      description: 'A workspace key (prk_…), sent as the x-api-key header',
      required: true,
    },
  ];

  authenticate: IAuthenticateGeneric = {
    type: 'generic',
    properties: { headers: { 'x-api-key': '={{$credentials.apiKey}}' } },
  };

  /** POST /auth answers 200 with the workspace name only for a live key. */
  test: ICredentialTestRequest = {
    request: { baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}', url: '/auth', method: 'POST' },
  };
}
