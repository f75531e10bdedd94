// The Element Timing API's attribute (https://wicg.github.io/element-timing/): the browser reports when an
// element so marked is painted. The first dish's title and picture carry it; bench:web reads the reports.
import 'react';

declare module 'react' {
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
  interface ImgHTMLAttributes<T> {
    elementtiming?: string;
  }
}
