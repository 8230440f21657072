import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { mockApi, requestUrl, shellAnswers, ADMIN, fetchedUrls } from '../../test/mockApi';
import { resolveAppConfig } from '../../platform/api/app.api';
import { CORE_FORM, CORE_MODEL, formAnswers } from '../../engine/form-screen/test/fixtures';
import { prefetchFormPage } from './prefetchFormPage';

const FORMS = { Core: [{ key: 'core', label: 'Core', module: 'Core', dataModel: 'CoreCore' }] };

/** The form page's API, with the calls whose path contains one of `held` answering only once released. */
function api(held: string[]) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fetchMock = mockApi({
    ...formAnswers(ADMIN),
    ...shellAnswers(ADMIN),
    'GET app/forms': { status: 200, body: FORMS },
    'GET cg/api/get-form-template': { status: 200, body: CORE_FORM },
    'GET cg/api/get-model-template': { status: 200, body: CORE_MODEL },
    'GET form': {
      status: 200,
      body: { items: [], _meta: { totalCount: 0, pageCount: 1, currentPage: 1, perPage: 5 } },
    },
  });
  const answer = fetchMock.getMockImplementation();
  if (!answer) throw new Error('mockApi has no implementation');
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (held.some((path) => requestUrl(input).includes(path))) await gate;
    return answer(input, init);
  });
  return { fetchMock, release: () => release() };
}

function load(queryClient: QueryClient, config: () => Promise<ReturnType<typeof resolveAppConfig>>) {
  return prefetchFormPage({
    queryClient,
    params: { formKey: 'core-form' },
    search: new URLSearchParams(),
    config,
    stillSignedIn: () => true,
  });
}

const modelAsked = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchedUrls(fetchMock).some((url) => url.includes('get-model-template') && url.includes('CoreCore'));

// Issue 18: the model template is on its way as soon as the form's data model is known.
describe('a form page reloaded', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the model template once the forms menu names the data model, before the form template answers', async () => {
    const { fetchMock, release } = api(['get-form-template']);
    const queryClient = new QueryClient();
    const done = load(queryClient, () => Promise.resolve(resolveAppConfig({})));
    await vi.waitFor(() => expect(modelAsked(fetchMock)).toBe(true));
    release();
    await done;
  });

  it('asks for the model template once the form template answers, without waiting for the app config', async () => {
    const { fetchMock, release } = api(['app/forms']);
    const queryClient = new QueryClient();
    let answerConfig = () => {};
    const config = new Promise<ReturnType<typeof resolveAppConfig>>(
      (resolve) => (answerConfig = () => resolve(resolveAppConfig({}))),
    );
    const done = load(queryClient, () => config);
    await vi.waitFor(() => expect(modelAsked(fetchMock)).toBe(true));
    expect(fetchedUrls(fetchMock).filter((url) => url.includes('get-model-template'))).toHaveLength(1);
    answerConfig();
    release();
    await done;
  });
});
