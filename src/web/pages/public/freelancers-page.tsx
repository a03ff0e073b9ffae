// /freelancers: the freelancer marketplace is announced but not built yet (spec section 1).
import { Link } from 'react-router';
import { ComingSoon } from '#web/components/coming-soon.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

export default function FreelancersPage() {
  useDocumentTitle(ROUTES.freelancers.title);
  return (
    <div className="container-page py-16 sm:py-24">
      <ComingSoon
        title="Freelancers"
        actions={
          <>
            <Link to={paths.home} className="btn-primary">
              Back to Home
            </Link>
            <Link to={paths.contact} className="btn-ghost">
              Contact Us
            </Link>
          </>
        }
      >
        We are building a marketplace of vetted security freelancers for short engagements. Until it opens,
        contact us and we will match you with the right expert.
      </ComingSoon>
    </div>
  );
}
