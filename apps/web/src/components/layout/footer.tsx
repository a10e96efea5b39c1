import { COMPANY, COPYRIGHT_YEAR, SINCE_TEXT } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content mt-16">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        <aside className="max-w-sm">
          <p className="text-xl font-extrabold">CaseForge</p>
          <p className="text-neutral-content/80">
            Computer cases, gaming cases and power supplies, made in our own factory and sold in
            bulk.
          </p>
        </aside>
        <nav aria-label="Shop">
          <h2 className="footer-title">Shop</h2>
          <Link to={paths.products.to()} className="link link-hover">
            Products
          </Link>
          <Link to={paths.blogs.to()} className="link link-hover">
            Blogs
          </Link>
          <Link to={paths.portfolio.to()} className="link link-hover">
            Portfolio
          </Link>
        </nav>
        <div>
          <h2 className="footer-title">Company</h2>
          <p>{COMPANY.businessType}</p>
          <p>{COMPANY.employees} employees</p>
          <p>{COMPANY.plantAreaSquareMeters} m² plant</p>
        </div>
      </div>
      <div className="border-neutral-content/20 border-t">
        <p className="mx-auto max-w-7xl px-10 py-4 text-sm">
          Copyright © {COPYRIGHT_YEAR} CaseForge. All rights reserved. <span>{SINCE_TEXT}</span>
        </p>
      </div>
    </footer>
  );
}
