import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { AlertIcon } from '../../components/ui/icons';

export default function NotFoundPage() {
  return (
    <div className="page-center">
      <div className="card not-found">
        <AlertIcon size={40} className="text-destructive" />
        <h1>404 Page Not Found</h1>
        <p className="muted">We couldn't find the page you were looking for.</p>
        <Link to={paths.home} className="btn btn-primary btn-md">
          Return to Home
        </Link>
      </div>
    </div>
  );
}
