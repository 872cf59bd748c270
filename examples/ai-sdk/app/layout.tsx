import type { ReactNode } from 'react';
import './styles.css';

export const metadata = { title: 't3-composer with the AI SDK' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
