import { readBody } from './page-body';

/** A PageReaderPool thread's task: one body in, its digest and HTML facts out. */
export default readBody;
