import { LegalDocument, type LegalSection } from './LegalDocument';

const sections: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: [
      'By creating an account on LuaVault or by using any part of the service, including shared links and the public API, you agree to these Terms of Service. If you do not agree, do not use the service.',
    ],
  },
  {
    title: 'Description of the Service',
    body: [
      'LuaVault is a web application where developers store, edit, version and share Lua scripts for an online game platform. It offers a code editor, folders, version history, private share links, personal API keys for command-line tools and automated workflows, and a documented public API.',
    ],
  },
  {
    title: 'Accounts',
    body: [
      'You sign up with a username (at least 3 characters) and a password (at least 6 characters). You are responsible for keeping your password and your API keys secret and for everything done with them. Tell the operator of this LuaVault instance at once if you believe your account has been used without your permission.',
    ],
  },
  {
    title: 'Your Content',
    body: [
      'You keep all rights to the scripts and folders you store. You grant LuaVault only the permissions it needs to run the service: to store your content, keep its version history, show it to you, and show it to the people you share it with.',
      'You are responsible for your content and confirm that you have the right to store and share it.',
    ],
  },
  {
    title: 'Acceptable Use',
    body: [
      'Do not use LuaVault to store or distribute malware, scripts meant to harm other players or services, content that infringes the rights of others, or unlawful material. Do not try to reach other users\u2019 data, bypass authentication, or overload the service, its share links or its API.',
    ],
  },
  {
    title: 'Sharing',
    body: [
      'A share link makes a single script or folder readable, without an account, by anyone who has the link; the raw-script URL and the loadstring snippet work the same way. Treat links as public once you hand them out. You can revoke a link at any time; it then stops working at once, and sharing again creates a new link.',
    ],
  },
  {
    title: 'API Keys and the Public API',
    body: [
      'API keys act on your behalf with the same rights as your account. The full key is shown once, when it is created; store it safely. Deleting a key is irreversible and stops it from working at once. Use the API within reasonable limits; the operator may refuse requests that put the service at risk.',
    ],
  },
  {
    title: 'Limits',
    body: [
      'Uploaded files must be .lua, .luau or .txt files (or Rojo\'s .project.json, .meta.json and .model.json files) of at most 5MB each. The operator of this instance may set a limit on the number of scripts per account; the Help Center states the limit in force.',
    ],
  },
  {
    title: 'Intellectual Property',
    body: [
      'The LuaVault software, name and interface belong to their owners. These terms give you no rights to them beyond using the service as offered.',
    ],
  },
  {
    title: 'Termination',
    body: [
      'You may stop using LuaVault at any time. The operator may suspend or close accounts that break these terms. Share links and API keys of a closed account stop working.',
    ],
  },
  {
    title: 'Disclaimers and Limitation of Liability',
    body: [
      'LuaVault is provided \u201cas is\u201d, without warranties of any kind. Keep your own copies of important scripts. To the extent the law allows, the operator is not liable for indirect or consequential damages, or for lost data or profits, arising from the use of the service.',
    ],
  },
  {
    title: 'Changes to These Terms',
    body: [
      'These terms may change. The date at the top of this page shows the latest revision. Continuing to use LuaVault after a change means you accept the new terms. Questions can be sent to the operator of this LuaVault instance.',
    ],
  },
];

export default function TermsPage() {
  return <LegalDocument title="Terms of Service" lastUpdated="April 20, 2025" sections={sections} />;
}
