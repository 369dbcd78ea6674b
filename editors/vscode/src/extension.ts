// The VS Code client of flinklint lsp: it starts the server (the same
// flinklint binary as the command line) for the workspace, and VS Code
// shows its diagnostics, quick fixes and hovers. The server does the
// rest; see docs/editors.md.
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, State, TransportKind } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

// activate runs in a workspace that looks like a Flink project (the
// activationEvents), or on flinklint.start in any other: each run of the
// server analyzes whole folders, which a project without Flink should not
// pay for.
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  // The server reads .flinklint.yaml again when it changes.
  const watcher = vscode.workspace.createFileSystemWatcher('**/.flinklint.yaml');
  context.subscriptions.push(watcher, vscode.commands.registerCommand('flinklint.start', () => start(watcher)));
  await start(watcher);
}

// start starts the server unless it is running. A client whose start
// failed cannot start again, so the command replaces it: after, say,
// flinklint.path is mended.
async function start(watcher: vscode.FileSystemWatcher): Promise<void> {
  if (client?.state === State.Running || client?.state === State.Starting) {
    return;
  }
  const settings = vscode.workspace.getConfiguration('flinklint');
  const serverOptions: ServerOptions = {
    command: settings.get<string>('path', 'flinklint'),
    args: ['lsp', ...settings.get<string[]>('args', [])],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: ['java', 'scala', 'sql', 'yaml', 'python'].map((language) => ({ scheme: 'file', language })),
    synchronize: { fileEvents: watcher },
  };
  client = new LanguageClient('flinklint', 'flinklint', serverOptions, clientOptions);
  await client.start();
}

export function deactivate(): Thenable<void> | undefined {
  return client?.needsStop() ? client.stop() : undefined;
}
