// /: the landing page: hero, four offerings, the fixed stats, the logo strip and the ways in.
import { Home } from '#web/features/marketing/home.tsx';

export default function HomePage() {
  return <Home />;
}
