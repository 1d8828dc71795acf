import type { AdminCommand } from '../command.js';
import { designCommands } from './design.js';
import { templateCommands } from './templates.js';
import { webhookCommands } from './webhook.js';
import { workspaceCommands } from './workspace.js';

/** Every admin command; a capability adds its own list here. */
export const adminCommands: AdminCommand[] = [...workspaceCommands, ...webhookCommands, ...templateCommands, ...designCommands];
