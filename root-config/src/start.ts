import { startAfterFirstPaint } from './first-paint';

// The page's first module (the build makes it index.html's script: vite.config.ts). It imports the site's
// entry, main.ts, once a page the server rendered has painted, at once on any other (first-paint.ts).
startAfterFirstPaint(window, (entry) => {
  import(/* @vite-ignore */ entry).catch((error: unknown) => {
    // Offline on a first visit, or a deploy removed its files: the page still reads from its HTML.
    console.error("The site's code could not be loaded", error);
  });
});
