import { Navigate, Route, Routes } from 'react-router';
import { EditorPage } from './editor-page';
import { FeedbackPage } from './feedback-page';
import { ProjectLanguageRedirect } from './project-language-redirect';
import { SuggestionsPage } from './suggestions-page';
import { WorkspaceHomePage } from './workspace-home-page';

/** /app/workspace: the project picker, the editor per language, suggestions and feedback. */
export function WorkspacePage() {
  return (
    <Routes>
      <Route index element={<WorkspaceHomePage />} />
      <Route path=":projectId" element={<ProjectLanguageRedirect />} />
      <Route path=":projectId/suggestions" element={<SuggestionsPage />} />
      <Route path=":projectId/feedback" element={<FeedbackPage />} />
      <Route path=":projectId/:language" element={<EditorPage />} />
      {/* Any deeper path (an old or mistyped link) showed an empty page: back to the picker. */}
      <Route path="*" element={<Navigate to="/app/workspace" replace />} />
    </Routes>
  );
}
