import type { HelpSet } from './help-set';

/**
 * L'aide en français. Les noms de boutons et de champs sont ceux de l'interface
 * (locales/fr), entre doubles astérisques. Les espaces sont ordinaires ici : les espaces
 * insécables de la typographie française sont posées par typesetFrench (french-typography.ts).
 */
export const HELP_SET_FR: HelpSet = {
  index: {
    title: 'Vue d’ensemble',
    summary:
      'Le portail vous permet de consulter les factures des comptes clients qui vous sont rattachés, de promettre un paiement, d’imprimer vos factures et de préparer leur règlement.',
    sections: [
      {
        heading: 'Ce que vous pouvez faire',
        blocks: [
          {
            type: 'list',
            items: [
              'Voir d’un coup d’œil le solde ouvert, les montants en retard et ce qui arrive à échéance, sur la page **Accueil**.',
              'Lister vos factures ouvertes et soldées, les rechercher, les trier, les exporter vers Excel ou en PDF et les imprimer.',
              'Ouvrir une facture pour en lire le détail et les lignes, et afficher ou imprimer son document.',
              'Promettre le paiement de factures, pour que votre fournisseur sache quand l’attendre.',
              'Rassembler dans le panier de paiement les factures que vous comptez régler.',
              'Passer d’une société à l’autre parmi celles pour lesquelles vous travaillez, et d’une devise à l’autre.',
            ],
          },
        ],
      },
      {
        heading: 'Se repérer',
        blocks: [
          {
            type: 'paragraph',
            text: 'La barre en haut de chaque page réunit les espaces principaux (**Accueil**, **Factures**, **Paiements** et **Litiges**), les listes **Compte** et **Devise**, le lien **Panier** avec le nombre de factures qu’il contient, votre nom, **Aide** et **Se déconnecter**.',
          },
          {
            type: 'paragraph',
            text: 'Sur un écran étroit, les espaces principaux se trouvent derrière le bouton de menu, en haut à gauche.',
          },
          {
            type: 'tip',
            text: '**Paiements** et **Litiges** portent la mention « Bientôt disponible » : ces espaces arriveront dans une prochaine version.',
          },
        ],
      },
      {
        heading: 'Utiliser cette aide',
        blocks: [
          {
            type: 'paragraph',
            text: '**Aide** ouvre, dans une fenêtre à part, la rubrique de la page où vous êtes : gardez-la à côté du portail pendant que vous travaillez, et choisissez toute autre rubrique dans la liste.',
          },
          {
            type: 'paragraph',
            text: 'L’aide existe en français et en anglais et suit la langue du portail ; pour toute autre langue, c’est l’aide en anglais qui s’affiche. Vous pouvez passer de l’une à l’autre en haut de cette fenêtre.',
          },
        ],
      },
      {
        heading: 'Votre session',
        blocks: [
          {
            type: 'paragraph',
            text: 'Pour votre sécurité, vous êtes déconnecté après un temps d’inactivité, au bout d’une durée maximale de connexion, ou lorsqu’un administrateur met fin à votre session. La page de connexion vous en indique alors la raison : reconnectez-vous pour continuer.',
          },
          {
            type: 'tip',
            text: 'Choisissez **Se déconnecter** quand vous avez terminé, surtout sur un ordinateur partagé. Se déconnecter dans un onglet du navigateur vous déconnecte aussi dans les autres.',
          },
        ],
      },
    ],
  },

  'sign-in': {
    title: 'Se connecter',
    summary:
      'Comment se connecter, comment fonctionne le code de connexion reçu par SMS, et que faire quand la connexion échoue.',
    sections: [
      {
        heading: 'Connexion',
        blocks: [
          {
            type: 'steps',
            items: [
              'Saisissez votre **Identifiant** et votre **Mot de passe**.',
              'Choisissez **Se connecter**.',
              'Si votre compte demande un code de connexion, saisissez le code reçu par SMS (voir ci-dessous). Sinon, vous arrivez sur la page **Accueil**.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Choisissez **English** ou **Français** en haut de la page de connexion ; ce navigateur retient votre choix. Une fois connecté, le portail s’affiche dans la langue de votre profil utilisateur.',
          },
        ],
      },
      {
        heading: 'Le code de connexion',
        blocks: [
          {
            type: 'paragraph',
            text: 'Certains comptes demandent une seconde étape après le mot de passe : un code à 6 chiffres envoyé par SMS sur votre mobile. La page indique le numéro auquel il a été envoyé, en partie masqué.',
          },
          {
            type: 'steps',
            items: ['Saisissez les six chiffres du code.', 'Choisissez **Vérifier**.'],
          },
          {
            type: 'list',
            items: [
              'Aucun code reçu ? Choisissez **Envoyer un nouveau code**, en laissant passer quelques secondes entre deux demandes.',
              'Un code ne reste valable que quelques minutes. Une fois expiré, reconnectez-vous pour en recevoir un nouveau.',
              'Après cinq codes erronés, le code ne fonctionne plus : demandez-en un nouveau.',
              '**Retour à la connexion** vous ramène à la page de connexion.',
            ],
          },
        ],
      },
      {
        heading: 'Aucun numéro de mobile enregistré',
        blocks: [
          {
            type: 'paragraph',
            text: 'Si votre compte demande un code mais qu’aucun numéro de mobile n’est encore enregistré, le portail vous en demande un. Saisissez l’**Indicatif** et le numéro de **Téléphone mobile**, vérifiez le numéro affiché en dessous, puis choisissez **Enregistrer** : le code est envoyé à ce numéro.',
          },
          {
            type: 'tip',
            text: 'Une fois un numéro enregistré, seul votre administrateur peut le modifier. **Fermer** vous ramène à la page de connexion.',
          },
        ],
      },
      {
        heading: 'Problème de connexion',
        blocks: [
          {
            type: 'steps',
            items: [
              'Sur la page de connexion, choisissez **Problème de connexion ?**',
              'Saisissez votre identifiant et choisissez **Envoyer l’e-mail de récupération**.',
              'Ouvrez l’e-mail et suivez son lien pour retrouver l’accès à votre compte.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Pour votre protection, la page répond de la même façon que l’identifiant existe ou non. Si aucun e-mail n’arrive, ou si vous n’avez pas accès à cette messagerie, contactez votre administrateur.',
          },
        ],
      },
      {
        heading: 'Quand la connexion échoue',
        blocks: [
          {
            type: 'list',
            items: [
              '« L’identifiant ou le mot de passe est incorrect » : vérifiez l’orthographe, la touche Verr. Maj et la disposition du clavier.',
              'Après plusieurs tentatives manquées, chaque nouvel essai reçoit une réponse plus lente ; au bout de dix, la connexion est bloquée pendant un moment. Patientez avant de réessayer, ou passez par **Problème de connexion ?**',
              '« Votre compte a été désactivé » : seul votre administrateur peut le réactiver.',
              'Un avertissement sur votre navigateur signifie qu’il est trop ancien pour le portail : utilisez Chrome 75, Edge 80, Firefox 74 ou une version plus récente.',
            ],
          },
        ],
      },
      {
        heading: 'Politique de confidentialité et conditions d’utilisation',
        blocks: [
          {
            type: 'paragraph',
            text: 'Les liens **Politique de confidentialité** et **Conditions d’utilisation**, sous le cadre de connexion, ouvrent ces textes. Chaque lien n’apparaît que si votre portail fournit le texte correspondant.',
          },
        ],
      },
    ],
  },

  home: {
    title: 'Accueil',
    summary:
      'La page d’accueil donne d’un coup d’œil la situation du compte courant, dans la devise courante.',
    sections: [
      {
        heading: 'Ce que montre la page',
        blocks: [
          {
            type: 'paragraph',
            text: 'Sous le message de bienvenue figurent le compte courant (raison sociale et numéro client), la devise courante et la date du jour telle que le portail la compte : c’est par rapport à elle que se mesurent les échéances et les retards.',
          },
        ],
      },
      {
        heading: 'La synthèse',
        blocks: [
          {
            type: 'paragraph',
            text: 'Les cartes totalisent les factures ouvertes du compte courant dans la devise courante, à la date indiquée au-dessus d’elles :',
          },
          {
            type: 'list',
            items: [
              '**Solde ouvert** : ce qui reste à payer sur l’ensemble des factures ouvertes, et leur nombre.',
              '**En retard** : les factures ouvertes dont l’échéance est dépassée.',
              '**À échéance sous 30 jours** : les factures ouvertes qui arrivent à échéance d’aujourd’hui à 30 jours.',
              '**Avoirs** : le total des soldes créditeurs ouverts (montants négatifs), qui viennent en déduction de ce que vous devez.',
              '**En litige** : le montant contesté sur les factures ouvertes.',
            ],
          },
        ],
      },
      {
        heading: 'Un autre compte ou une autre devise',
        blocks: [
          {
            type: 'paragraph',
            text: 'Les chiffres suivent le **Compte** et la **Devise** choisis en haut de la page : changez l’un ou l’autre et la synthèse change avec eux. Voir « Comptes et devises ».',
          },
          {
            type: 'tip',
            text: 'Si la page indique qu’aucun compte client ne vous est associé, demandez à votre administrateur de vous en rattacher un.',
          },
        ],
      },
    ],
  },

  accounts: {
    title: 'Comptes et devises',
    summary:
      'Si vous travaillez pour plusieurs sociétés, choisissez le compte client, et celle de ses devises, que le portail affiche.',
    sections: [
      {
        heading: 'Choisir le compte',
        blocks: [
          {
            type: 'paragraph',
            text: 'La liste **Compte**, en haut de chaque page, contient les comptes clients qui vous sont rattachés, chacun présenté par sa raison sociale suivie du numéro client entre parenthèses, par exemple « Château Verde SARL (C10003) ».',
          },
          {
            type: 'paragraph',
            text: 'Choisissez un autre compte : un message confirme le changement avec le nouveau numéro client, et la page d’accueil, les factures et le panier affichent désormais ce compte. Si vous avez beaucoup de comptes, tapez une partie du nom dans la liste pour le retrouver.',
          },
        ],
      },
      {
        heading: 'Choisir la devise',
        blocks: [
          {
            type: 'paragraph',
            text: 'La liste **Devise**, juste à côté, propose les devises du compte courant. Factures, totaux et panier portent toujours sur une seule devise. Quand vous changez de compte, la devise suit le nouveau compte.',
          },
          {
            type: 'tip',
            text: 'Un compte sans aucune devise enregistrée s’affiche en dollars américains (USD).',
          },
        ],
      },
      {
        heading: 'Votre choix est conservé',
        blocks: [
          {
            type: 'paragraph',
            text: 'Votre choix est enregistré avec votre utilisateur : il reste en place si vous rechargez la page, et votre prochaine connexion ouvre le même compte. Si un compte par défaut vous a été attribué, la connexion démarre plutôt sur celui-ci.',
          },
        ],
      },
      {
        heading: 'Ce qui change avec le compte',
        blocks: [
          {
            type: 'list',
            items: [
              'Chaque compte et chaque devise a son propre panier de paiement ; le nombre affiché sur **Panier**, dans la barre du haut, suit votre choix. Les factures déjà placées dans l’autre panier y restent.',
              'La liste des factures repart de sa première page, sans aucune sélection.',
            ],
          },
        ],
      },
    ],
  },

  invoices: {
    title: 'Factures',
    summary:
      'La liste des factures du compte et de la devise courants : retrouver des factures, agir sur une ou plusieurs, exporter et imprimer.',
    sections: [
      {
        heading: 'Factures ouvertes et soldées',
        blocks: [
          {
            type: 'paragraph',
            text: '**Ouvertes** liste les factures qui ont encore un solde à régler ; **Soldées** liste celles qui sont réglées. Passez de l’une à l’autre avec le sélecteur au-dessus de la liste. Promesse, contestation et ajout au panier ne concernent que les factures ouvertes.',
          },
        ],
      },
      {
        heading: 'Lire la liste',
        blocks: [
          {
            type: 'list',
            items: [
              'La liste affiche 50 factures par page ; changez de page avec la pagination placée dessous, où vous lisez par exemple « 1–50 sur 124 factures ».',
              'La dernière ligne donne les totaux de toutes les factures qui correspondent, et pas seulement de la page affichée.',
              'Choisissez un numéro de facture pour en ouvrir le détail.',
              'La recherche avancée, au-dessus de la liste, permet de la restreindre : voir « Recherche avancée ».',
            ],
          },
        ],
      },
      {
        heading: 'Trier, redimensionner et choisir les colonnes',
        blocks: [
          {
            type: 'list',
            items: [
              'Choisissez le titre d’une colonne pour trier sur cette colonne ; choisissez-le de nouveau pour inverser l’ordre.',
              'Faites glisser le bord droit d’un titre de colonne pour élargir ou rétrécir la colonne.',
              '**Colonnes** permet d’afficher ou de masquer des colonnes et de les déplacer vers la gauche ou vers la droite. **Rétablir par défaut** remet la disposition d’origine.',
            ],
          },
          {
            type: 'tip',
            text: 'Vos colonnes, leur ordre, leur largeur et le tri sont enregistrés avec votre utilisateur : vous les retrouvez sur n’importe quel ordinateur.',
          },
        ],
      },
      {
        heading: 'Agir sur une facture',
        blocks: [
          {
            type: 'paragraph',
            text: 'Les boutons en bout de ligne sont, dans l’ordre : **Contester**, **Promesse de paiement** (ou **Retirer la promesse** si la facture fait déjà l’objet d’une promesse), **Imprimer** et **Ajouter au panier**. Seuls les boutons que votre rôle autorise sont affichés.',
          },
          {
            type: 'paragraph',
            text: 'Un bouton grisé vous indique pourquoi quand vous le survolez, par exemple « La facture fait déjà l’objet d’une promesse » ou « Un paiement est en cours pour cette facture ».',
          },
          {
            type: 'tip',
            text: '**Contester** mène à l’espace des litiges, qui arrivera dans une prochaine version.',
          },
        ],
      },
      {
        heading: 'Agir sur plusieurs factures',
        blocks: [
          {
            type: 'steps',
            items: [
              'Cochez les factures voulues, ou cochez la case de la ligne de titre pour prendre toute la page.',
              'Utilisez la barre au-dessus de la liste : elle indique le nombre de factures sélectionnées et propose **Promesse de paiement**, **Retirer la promesse**, **Imprimer** et **Ajouter au panier**.',
            ],
          },
          {
            type: 'list',
            items: [
              'Les factures sélectionnées auxquelles l’action ne s’applique pas sont nommées et écartées ; les autres sont traitées.',
              'Sans sélection, les boutons répondent « Veuillez sélectionner les transactions à inclure ».',
              'La sélection est conservée quand vous changez de page, et effacée quand vous changez de compte, de devise, de statut (ouvertes ou soldées) ou de recherche. **Effacer la sélection** la vide.',
            ],
          },
        ],
      },
      {
        heading: 'Exporter et imprimer la liste',
        blocks: [
          {
            type: 'list',
            items: [
              '**Excel (cette page)** : les factures affichées.',
              '**Excel (tout)** : toutes les factures qui correspondent, sur toutes les pages.',
              '**PDF** : toutes les factures qui correspondent, sous forme de tableau PDF. Une liste trop longue est refusée : exportez-la vers Excel, ou affinez la recherche.',
              '**Imprimer** : cette page de la liste en PDF dans un nouvel onglet, prête à imprimer.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Les exports reprennent la liste telle que vous la voyez : même recherche, même tri, mêmes colonnes affichées. Pendant la préparation d’un fichier, sa progression s’affiche sous les boutons, avec **Annuler**.',
          },
          {
            type: 'tip',
            text: 'Si votre navigateur bloque le nouvel onglet, le PDF est téléchargé à la place. Pour imprimer les factures elles-mêmes plutôt que la liste, utilisez **Imprimer** sur les lignes ou dans la barre de sélection (voir « Afficher et imprimer les factures »).',
          },
        ],
      },
    ],
  },

  'advanced-search': {
    title: 'Recherche avancée',
    summary:
      'Restreindre la liste des factures par des critères sur ses champs, les combiner par « et » ou par « ou », et enregistrer les recherches que vous utilisez souvent.',
    sections: [
      {
        heading: 'Ouvrir le panneau',
        blocks: [
          {
            type: 'paragraph',
            text: 'Choisissez **Recherche avancée** au-dessus de la liste des factures. À côté, une ligne résume les critères en vigueur, et une pastille en donne le nombre. Le panneau s’ouvre de lui-même lorsqu’une recherche est en vigueur.',
          },
        ],
      },
      {
        heading: 'Ajouter des critères',
        blocks: [
          {
            type: 'steps',
            items: [
              'Cochez un champ sous **Champs**, par exemple **Date d’échéance** ou **Solde** : une ligne de critère apparaît.',
              'Choisissez sa condition : est, contient, supérieur à, entre, dans le passé…',
              'Saisissez la valeur. Avec « entre », une seconde valeur apparaît après le mot **Et**.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Décochez le champ, ou utilisez le bouton de suppression en bout de ligne, pour retirer un critère.',
          },
        ],
      },
      {
        heading: 'Combiner les critères',
        blocks: [
          {
            type: 'paragraph',
            text: 'Choisissez **Tous (et)** pour garder les factures qui remplissent tous les critères, ou **Au moins un (ou)** pour garder celles qui en remplissent au moins un.',
          },
          {
            type: 'paragraph',
            text: '**Ajouter un groupe** crée un groupe doté de son propre opérateur, imbriqué aussi profondément que nécessaire. Ajoutez-y des champs avec **Ajouter un champ à ce groupe**, et supprimez-le avec **Supprimer le groupe**.',
          },
          {
            type: 'tip',
            text: 'Exemple : « Date d’échéance dans le passé » et un groupe « au moins un » réunissant « Solde supérieur à 1 000 » et « Promesse de paiement est Non » trouve les factures en retard qui sont importantes ou sans promesse.',
          },
        ],
      },
      {
        heading: 'Quand la recherche s’applique',
        blocks: [
          {
            type: 'paragraph',
            text: 'Toute modification valide s’applique aussitôt ; pendant la saisie d’une valeur, la recherche attend une courte pause. Un critère signalé comme invalide bloque la recherche jusqu’à ce que vous le corrigiez.',
          },
          {
            type: 'paragraph',
            text: 'Votre portail peut aussi être réglé pour attendre votre signal : c’est alors **Appliquer** qui lance la recherche. **Réinitialiser** retire tous les critères.',
          },
        ],
      },
      {
        heading: 'Recherches enregistrées',
        blocks: [
          {
            type: 'list',
            items: [
              'Ouvrez **Recherches enregistrées** et choisissez-en une pour l’appliquer.',
              '**Enregistrer la recherche actuelle…** conserve la recherche sous un nom ; enregistrer sous un nom existant remplace la recherche de ce nom.',
              'Chaque recherche peut être supprimée depuis le même menu, après confirmation.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Vos recherches enregistrées vous sont propres : les autres utilisateurs ne les voient pas. Vous pouvez en garder jusqu’à 50.',
          },
        ],
      },
      {
        heading: 'Garder une recherche en favori',
        blocks: [
          {
            type: 'paragraph',
            text: 'La recherche fait partie de l’adresse de la page : ajoutez la page à vos favoris pour retrouver la même recherche, ou envoyez l’adresse à un collègue qui a accès au même compte.',
          },
        ],
      },
    ],
  },

  'invoice-detail': {
    title: 'Détail d’une facture',
    summary: 'Tout sur une facture : ses montants, son en-tête, ses lignes et ce que vous pouvez en faire.',
    sections: [
      {
        heading: 'Ouvrir une facture',
        blocks: [
          {
            type: 'paragraph',
            text: 'Choisissez le numéro de la facture dans la liste des factures. **Retour aux factures** vous ramène à la liste, ouvertes ou soldées comme auparavant.',
          },
        ],
      },
      {
        heading: 'Ce que vous voyez',
        blocks: [
          {
            type: 'list',
            items: [
              'À côté du titre, des pastilles indiquent le statut (**Ouverte** ou **Soldée**) et, le cas échéant, la **Promesse de paiement** avec sa date de relance, **Dans le panier de paiement** et **Paiement en cours**.',
              'Les montants : **Montant**, **Payé**, **En litige** et **Solde**, c’est-à-dire ce qui reste à payer.',
              '**Détails de la facture** : dates, conditions, numéro de commande, représentant commercial, mode d’expédition et adresse de livraison.',
              '**Lignes de facture** : article, description, quantité expédiée, prix et montant de ligne, avec la quantité et le montant contestés de chaque ligne.',
            ],
          },
          {
            type: 'tip',
            text: 'Les montants en litige ne s’affichent que pour les utilisateurs autorisés à les voir.',
          },
        ],
      },
      {
        heading: 'Agir sur la facture',
        blocks: [
          {
            type: 'paragraph',
            text: 'Les boutons sous le titre sont ceux de la liste : **Contester**, **Promesse de paiement** ou **Retirer la promesse**, **Imprimer** et **Ajouter au panier**. Un bouton grisé vous indique pourquoi quand vous le survolez.',
          },
        ],
      },
      {
        heading: 'Une question sur une facture',
        blocks: [
          {
            type: 'paragraph',
            text: 'L’encadré **Des questions ?** donne le nom de votre chargé de recouvrement, la personne qui suit votre compte chez votre fournisseur, avec une adresse e-mail et un numéro de téléphone à utiliser directement.',
          },
        ],
      },
    ],
  },

  documents: {
    title: 'Afficher et imprimer les factures',
    summary:
      'La visionneuse affiche les documents de facture page par page, prêts à imprimer ou à télécharger.',
    sections: [
      {
        heading: 'Ouvrir la visionneuse',
        blocks: [
          {
            type: 'paragraph',
            text: 'Choisissez **Imprimer** sur une ligne de facture, dans la barre de sélection ou sur la page de détail d’une facture. La visionneuse s’ouvre par-dessus la page.',
          },
          {
            type: 'paragraph',
            text: 'Plusieurs factures sélectionnées forment un seul document, chaque facture commençant sur une nouvelle page. Vous pouvez en ouvrir jusqu’à 50 à la fois.',
          },
        ],
      },
      {
        heading: 'Parcourir les pages',
        blocks: [
          {
            type: 'list',
            items: [
              'Les boutons fléchés mènent à la première page, à la précédente, à la suivante et à la dernière.',
              'Tapez un numéro de page dans la case et appuyez sur Entrée pour y aller directement ; le nombre total de pages est indiqué à côté.',
              'Un indicateur de chargement tourne pendant qu’une page se dessine.',
            ],
          },
        ],
      },
      {
        heading: 'Zoom',
        blocks: [
          {
            type: 'paragraph',
            text: '**Zoom arrière** et **Zoom avant** changent la taille par pas de 10 %, de 50 % à 300 % ; le niveau courant s’affiche entre les deux.',
          },
        ],
      },
      {
        heading: 'Imprimer ou télécharger',
        blocks: [
          {
            type: 'list',
            items: [
              '**Imprimer** ouvre la boîte de dialogue d’impression de votre navigateur avec l’ensemble du document.',
              '**Télécharger** enregistre le document dans un fichier PDF.',
            ],
          },
          {
            type: 'tip',
            text: 'Si l’impression depuis la visionneuse ne fonctionne pas dans votre navigateur, téléchargez le document et imprimez le fichier.',
          },
        ],
      },
      {
        heading: 'Fermer la visionneuse',
        blocks: [
          {
            type: 'paragraph',
            text: 'Choisissez **Fermer**, la croix en haut à droite, ou appuyez sur Échap.',
          },
        ],
      },
      {
        heading: 'Quand un document ne peut pas s’ouvrir',
        blocks: [
          {
            type: 'paragraph',
            text: 'Un message en donne la raison, par exemple une facture introuvable ou un trop grand nombre de factures sélectionnées, puis la visionneuse se ferme. Sélectionnez moins de factures, ou interrogez votre chargé de recouvrement sur un document manquant.',
          },
        ],
      },
    ],
  },

  'promise-to-pay': {
    title: 'Promesse de paiement',
    summary:
      'Indiquer à votre fournisseur que vous allez régler une facture, et à partir de quelle date il peut vous relancer.',
    sections: [
      {
        heading: 'Promettre une ou plusieurs factures',
        blocks: [
          {
            type: 'steps',
            items: [
              'Choisissez **Promesse de paiement** sur une ligne de facture ou sur la page de détail ; pour plusieurs factures, cochez-les puis choisissez **Promesse de paiement** dans la barre de sélection.',
              'Choisissez la **Date de relance** : aujourd’hui par défaut, et au plus 90 jours plus tard.',
              'Choisissez **Confirmer la promesse**.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Un message confirme la promesse et sa date de relance. La facture apparaît ensuite comme promise : la colonne **Promesse** indique Oui, et la page de détail affiche une pastille avec la date.',
          },
        ],
      },
      {
        heading: 'Quelles factures peuvent être promises',
        blocks: [
          {
            type: 'paragraph',
            text: 'Une facture peut faire l’objet d’une promesse si elle est ouverte, présente un solde, n’est pas déjà promise, n’a pas de paiement en cours et n’est pas dans le panier de paiement. Parmi les factures sélectionnées, celles qui ne peuvent pas être promises sont nommées dans la fenêtre et écartées.',
          },
          {
            type: 'tip',
            text: 'Les boutons de promesse n’apparaissent que pour les utilisateurs autorisés à promettre un paiement.',
          },
        ],
      },
      {
        heading: 'Retirer une promesse',
        blocks: [
          {
            type: 'paragraph',
            text: 'Choisissez **Retirer la promesse** sur la ligne de la facture, sur la page de détail ou dans la barre de sélection, puis confirmez. Une promesse ne peut pas être retirée tant que la facture est dans le panier de paiement ou qu’un paiement est en cours.',
          },
        ],
      },
      {
        heading: 'Messages possibles',
        blocks: [
          {
            type: 'list',
            items: [
              '« Sélectionnez une date valide » : choisissez une date dans le calendrier.',
              '« La date est trop éloignée » : choisissez une date dans le nombre de jours indiqué.',
              'Une facture promise ne peut pas être contestée : retirez d’abord la promesse.',
            ],
          },
        ],
      },
    ],
  },

  'payment-cart': {
    title: 'Panier de paiement',
    summary: 'Rassembler les factures que vous comptez régler pour le compte et la devise courants.',
    sections: [
      {
        heading: 'Ajouter des factures',
        blocks: [
          {
            type: 'paragraph',
            text: 'Choisissez **Ajouter au panier** sur une ligne de facture, dans la barre de sélection ou sur la page de détail. Le lien **Panier**, en haut de chaque page, indique le nombre de factures du panier ; choisissez-le pour ouvrir le panier.',
          },
          {
            type: 'paragraph',
            text: 'Une facture peut entrer dans le panier si elle est ouverte, si son solde n’est ni nul ni entièrement contesté, si aucun paiement n’est en cours et si elle n’y est pas déjà. Un avoir (solde négatif) demande l’autorisation d’ajustement de crédit, et une facture avec un montant contesté, l’autorisation de voir les montants en litige.',
          },
        ],
      },
      {
        heading: 'Ce que montre le panier',
        blocks: [
          {
            type: 'list',
            items: [
              'Chaque facture avec son **Solde**, son montant **En litige** et son **Montant du paiement**, c’est-à-dire le solde diminué du montant contesté.',
              'Sous les lignes, le nombre de factures et le **Total à payer**.',
            ],
          },
          {
            type: 'paragraph',
            text: 'À l’ouverture, le panier est comparé aux derniers soldes. Si cette vérification échoue, un avertissement signale que les montants affichés peuvent ne pas être à jour.',
          },
        ],
      },
      {
        heading: 'Retirer des factures',
        blocks: [
          {
            type: 'list',
            items: [
              'Le bouton corbeille en bout de ligne retire la facture, après confirmation.',
              'Cochez plusieurs lignes et choisissez **Retirer la sélection** pour les retirer ensemble.',
              '**Vider le panier** retire toutes les factures.',
            ],
          },
        ],
      },
      {
        heading: 'Payer',
        blocks: [
          {
            type: 'paragraph',
            text: '**Payer par carte**, **Payer par carte de débit** et, pour le dollar américain, **Payer par chèque électronique** sont affichés mais pas encore actifs : le paiement depuis le portail arrivera dans une prochaine version.',
          },
        ],
      },
      {
        heading: 'Un panier par compte et par devise',
        blocks: [
          {
            type: 'paragraph',
            text: 'Chaque compte et chaque devise a son propre panier : quand vous changez, vous voyez le panier de votre nouveau choix, et les factures de l’autre panier vous y attendent. Sous le panier, les coordonnées de votre chargé de recouvrement sont là pour toute question.',
          },
        ],
      },
    ],
  },
};
