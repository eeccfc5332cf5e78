// Loads a TypeScript worker where no build exists (tests and tsx run the sources): piscina's
// workerData names the .ts file.
import { workerData } from "piscina";
import { register } from "tsx/esm/api";

register();
const worker = await import(workerData.file);
export default worker.default;
