import { useDocumentTitle } from '../lib/document-title';
import { ChatPanel } from '../features/chat/components/chat-panel';

export default function ChatbotPage() {
  useDocumentTitle('Movie Recommendation Chatbot');
  return (
    <div className="mx-auto max-w-2xl px-4 pb-10 pt-24">
      <div className="h-[600px] overflow-hidden rounded-2xl bg-zinc-900 ring-1 ring-white/10">
        <ChatPanel />
      </div>
    </div>
  );
}
