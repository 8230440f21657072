import { useEffect, useState } from 'react';
import type { Message } from '@mdis/shared';
import { api } from '../../../platform/api/apiClient';
import { today } from '../widgets/messages/messageDates';

/** Browser storage: the day of the week (0-6) whose messages were last fetched (spec 2 §2, §9). */
export const WELCOME_DAY_KEY = 'welcome-messages-day-of-week';

export const welcomeApi = {
  messages: (date: string) => api.get<Message[]>('app/get-messages', { date }),
};

/**
 * The messages of today for the Welcome dialog, loaded at most once per day-of-week value; the
 * marker is set before the call, so a failing call is not repeated on every visit that day.
 */
export function useWelcomeMessages(signedIn: boolean) {
  const [messages, setMessages] = useState<Message[]>([]);
  useEffect(() => {
    if (!signedIn) return undefined;
    const dayOfWeek = String(new Date().getDay());
    if (localStorage.getItem(WELCOME_DAY_KEY) === dayOfWeek) return undefined;
    localStorage.setItem(WELCOME_DAY_KEY, dayOfWeek);
    let current = true;
    welcomeApi.messages(today()).then(
      (found) => {
        if (current && Array.isArray(found)) setMessages(found);
      },
      // The dashboard works without its greeting.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [signedIn]);
  return { messages, dismiss: () => setMessages([]) };
}
