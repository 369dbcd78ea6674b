// The VS Code client of flinklint lsp: it starts the server (the same
// flinklint binary as the command line) for the workspace, and VS Code
// shows its diagnostics, quick fixes and hovers. The server does the
// rest; see docs/editors.md.
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const settings = vscode.workspace.getConfiguration('flinklint');
  const serverOptions: ServerOptions = {
    command: settings.get<string>('path', 'flinklint'),
    args: ['lsp', ...settings.get<string[]>('args', [])],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: ['java', 'scala', 'sql', 'yaml', 'python'].map((language) => ({ scheme: 'file', language })),
    // The server reads .flinklint.yaml again when it changes.
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/.flinklint.yaml') },
  };
  client = new LanguageClient('flinklint', 'flinklint', serverOptions, clientOptions);
  await client.start();
  context.subscriptions.push(client);
}

export function deactivate(): Thenable<void> | undefined {
  return client?.stop();
}
