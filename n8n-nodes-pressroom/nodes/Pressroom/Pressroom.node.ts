import {
  type IExecuteFunctions,
  type INodeExecutionData,
  type INodeProperties,
  type INodeType,
  type INodeTypeDescription,
  NodeConnectionTypes,
} from 'n8n-workflow';
import { bulkRun, designOptions, formatOptions, generate, generateAsync, importDesign, listDesigns, projectOptions } from './actions';

const show = (operation: string[]) => ({ displayOptions: { show: { operation } } });

const GENERATION = ['generate', 'generateAsync'];
const WAITING = ['generateAsync', 'bulkRun'];

const properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    default: 'generate',
    options: [
      { name: 'Generate', value: 'generate', action: 'Generate an image now', description: 'Sync render of one format of a static design' },
      {
        name: 'Generate Async',
        value: 'generateAsync',
        action: 'Generate files in the background',
        description: 'Any design type (MP4, GIF, HTML5, PDF); wait by polling, or get a webhook',
      },
      {
        name: 'Bulk Run',
        value: 'bulkRun',
        action: 'Start a bulk run',
        description: 'One file per row per format, from the items or a CSV',
      },
      {
        name: 'Import Design',
        value: 'importDesign',
        action: 'Import a design',
        description: 'A design in the import format, its files from binary data',
      },
      { name: 'List Designs', value: 'listDesigns', action: 'List designs', description: 'Every design of the workspace' },
    ],
  },
  {
    displayName: 'Design Name or ID',
    name: 'designId',
    type: 'options',
    typeOptions: { loadOptionsMethod: 'getDesigns' },
    default: '',
    required: true,
    description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
    ...show([...GENERATION, 'bulkRun']),
  },
  {
    displayName: 'Format Name or ID',
    name: 'formatName',
    type: 'options',
    typeOptions: { loadOptionsMethod: 'getFormats', loadOptionsDependsOn: ['designId'] },
    default: '',
    description:
      'The format to render; empty: the first. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
    ...show(['generate']),
  },
  {
    displayName: 'Formats',
    name: 'formatNames',
    type: 'string',
    default: '',
    placeholder: 'square, story',
    description: 'Format names, comma-separated; empty: every format of the design',
    ...show(['generateAsync', 'bulkRun']),
  },
  {
    displayName: 'File Type',
    name: 'fileType',
    type: 'string',
    default: '',
    placeholder: 'jpeg',
    description:
      "The output type (image_file_type): jpeg, png, webp, avif or pdf for static designs, mp4, gif or html5 for animated ones; empty: the design's default",
    ...show([...GENERATION, 'bulkRun']),
  },
  {
    displayName: 'Overrides',
    name: 'overrides',
    type: 'fixedCollection',
    typeOptions: { multipleValues: true },
    default: {},
    placeholder: 'Add Override',
    description: 'Layer properties to change for this render (a layer, a property, a value)',
    options: [
      {
        name: 'values',
        displayName: 'Override',
        values: [
          { displayName: 'Layer', name: 'layer', type: 'string', default: '', placeholder: 'title' },
          { displayName: 'Property', name: 'property', type: 'string', default: '', placeholder: 'payload' },
          { displayName: 'Value', name: 'value', type: 'string', default: '' },
        ],
      },
    ],
    ...show(GENERATION),
  },
  {
    displayName: 'Elements (JSON)',
    name: 'elementsJson',
    type: 'json',
    default: '{}',
    description: 'The request\'s elements object for what the rows above cannot say (numbers, objects): {"title": {"font_size": 48}}',
    ...show(GENERATION),
  },
  {
    displayName: 'Download File',
    name: 'download',
    type: 'boolean',
    default: true,
    description: 'Whether to add the generated file as binary data (property "data")',
    ...show(['generate']),
  },
  {
    displayName: 'Callback URL',
    name: 'callbackUrl',
    type: 'string',
    default: '',
    placeholder: 'https://n8n.example.com/webhook/…',
    description: "An https:// URL that gets the webhook when the work is done (for example a Pressroom Trigger node's URL)",
    ...show(WAITING),
  },
  {
    displayName: 'Wait For',
    name: 'waitFor',
    type: 'options',
    default: 'poll',
    options: [
      { name: 'Completion (Poll)', value: 'poll', description: 'Poll until the work is done; output the final state' },
      { name: 'Nothing', value: 'none', description: 'Output the request at once; a webhook (Callback URL) reports the end' },
    ],
    ...show(WAITING),
  },
  {
    displayName: 'Poll Interval (Seconds)',
    name: 'pollIntervalSeconds',
    type: 'number',
    default: 2,
    typeOptions: { minValue: 0.2 },
    displayOptions: { show: { operation: WAITING, waitFor: ['poll'] } },
  },
  {
    displayName: 'Timeout (Seconds)',
    name: 'timeoutSeconds',
    type: 'number',
    default: 600,
    typeOptions: { minValue: 1 },
    ...show([...WAITING, 'importDesign']),
  },
  {
    displayName: 'Rows From',
    name: 'bulkSource',
    type: 'options',
    default: 'items',
    options: [
      { name: 'Input Items', value: 'items', description: "Each input item's JSON is one row (column → value)" },
      { name: 'CSV File (Binary)', value: 'csv', description: 'A CSV or TSV sheet in a binary property of the first item' },
    ],
    ...show(['bulkRun']),
  },
  {
    displayName: 'Input Binary Field',
    name: 'binaryProperty',
    type: 'string',
    default: 'data',
    displayOptions: { show: { operation: ['bulkRun'], bulkSource: ['csv'] } },
  },
  {
    displayName: 'Mapping (JSON)',
    name: 'mappingJson',
    type: 'json',
    default: '{}',
    description: 'Column → "layer.property" (or null to ignore it), for columns not already named layer.property',
    ...show(['bulkRun']),
  },
  {
    displayName: 'Payload (JSON)',
    name: 'payload',
    type: 'json',
    default: '{}',
    required: true,
    description: 'The design in the import format; a bare file name (hero.png) is taken from the binary property of that file name',
    ...show(['importDesign']),
  },
  {
    displayName: 'Project Name or ID',
    name: 'projectId',
    type: 'options',
    typeOptions: { loadOptionsMethod: 'getProjects' },
    default: '',
    description:
      'Where the design goes (its target); empty: the payload\'s own target. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
    ...show(['importDesign']),
  },
  {
    displayName: 'Strict',
    name: 'strict',
    type: 'boolean',
    default: false,
    description: 'Whether a text that cannot fit its box fails the import instead of being a warning',
    ...show(['importDesign']),
  },
];

/** Pressroom: generate, bulk runs, imports and designs over a farm's REST API (docs/n8n.md). */
export class Pressroom implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Pressroom',
    name: 'pressroom',
    icon: 'file:pressroom.svg',
    group: ['transform'],
    version: 1,
    subtitle: '={{$parameter["operation"]}}',
    description: 'Render images, videos and PDFs from designs on a Pressroom farm',
    defaults: { name: 'Pressroom' },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    usableAsTool: true,
    credentials: [{ name: 'pressroomApi', required: true }],
    properties,
  };

  methods = { loadOptions: { getDesigns: designOptions, getFormats: formatOptions, getProjects: projectOptions } };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const operation = this.getNodeParameter('operation', 0) as string;
    if (operation === 'bulkRun') return [await bulkRun(this)];
    if (operation === 'listDesigns') return [await listDesigns(this)];
    const out: INodeExecutionData[] = [];
    const items = this.getInputData();
    for (let i = 0; i < items.length; i++) {
      try {
        if (operation === 'generate') out.push(await generate(this, i));
        else if (operation === 'generateAsync') out.push(await generateAsync(this, i));
        else out.push(await importDesign(this, i));
      } catch (error) {
        if (!this.continueOnFail()) throw error;
        out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
      }
    }
    return [out];
  }
}
