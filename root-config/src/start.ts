import { librariesFirst, nextTask, startAfterFirstPaint } from './first-paint';

// The page's first module (the build makes it index.html's script: vite.config.ts). It imports the site's
// entry, main.ts, once a page the server rendered has painted, at once on any other (first-paint.ts). The
// libraries the entry imports are evaluated first, each in a task of its own.
startAfterFirstPaint(window, async (entry, modules) => {
  try {
    for (const library of librariesFirst(entry, modules)) {
      await import(/* @vite-ignore */ library);
      await nextTask();
    }
    await import(/* @vite-ignore */ entry);
  } catch (error) {
    // Offline on a first visit, or a deploy removed its files: the page still reads from its HTML.
    console.error("The site's code could not be loaded", error);
  }
});
